import { z } from "zod";
import { CSS_COLOR } from "../rules/colors.ts";
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
/**
 * PATCH /colors/{name} "with the edited color entry" (spec 7): the entry as GET /colors gives it, with a new
 * `css`. Only the colour changes: `id`, `name` and `cssVarName` may be sent back as they are, or left out;
 * a different one is refused (the server compares them with the stored entry).
 */
export const colorPatchSchema = z
  .object({
    css: z.string().regex(CSS_COLOR),
    id: z.number().int().optional(),
    name: z.string().max(40).optional(),
    cssVarName: z.string().max(64).optional(),
  })
  .strict();
export type ColorPatch = z.infer<typeof colorPatchSchema>;

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
