import { z } from "zod";
import { siteSettingsSchema } from "../rules/site-settings.ts";

export const frontEndSettingsSchema = z.object({ settings: siteSettingsSchema });
export const offlineResponseSchema = z.object({ offlineMode: z.boolean() });
export const cssOverrideResponseSchema = z.object({ settings: z.object({ cssOverride: z.string() }) });
export const idleTimeoutResponseSchema = z.object({ idleTimeoutSeconds: z.number().int() });

export const textsResponseSchema = z.object({ texts: z.record(z.string(), z.string()) });

export const colorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  css: z.string(),
  cssVarName: z.string(),
});
export const colorsResponseSchema = z.object({ colors: z.array(colorSchema) });
export const colorPatchSchema = z.object({ css: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).strict();

export const siteImageVariationSchema = z.object({
  id: z.string(),
  image_locator: z.string(),
  alt: z.string(),
  colors: z.array(z.object({ css_var_name: z.string(), color_hex: z.string() })),
});
export const siteImageSchema = z.object({
  key: z.string(),
  title: z.string(),
  variation: siteImageVariationSchema.nullable(),
  variations: z.array(siteImageVariationSchema),
  image_field_names: z.array(z.string()),
});
export type SiteImage = z.infer<typeof siteImageSchema>;
export const siteImagesResponseSchema = z.object({ siteImages: z.array(siteImageSchema) });
export const allSiteImageSettingsSchema = z.object({
  allSiteImages: z.array(siteImageSchema),
  siteKeys: z.array(z.string()),
});

export const systemAvatarsResponseSchema = z.object({
  systemAvatars: z.array(z.object({ id: z.number().int(), locator: z.string() })),
});

export const proTipResponseSchema = z.object({
  proTip: z.object({ id: z.string(), title: z.string(), body: z.string() }).nullable(),
});

export const healthResponseSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
