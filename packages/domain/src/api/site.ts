import { CSS_COLOR } from "../rules/colors.ts";
import { SITE_IMAGE_KEYS } from "../rules/site-images.ts";
import { siteSettingsPatchSchema, siteSettingsSchema } from "../rules/site-settings.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";

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
export const colorNameParamsSchema = z.object({ name: z.string().max(40) });
export const colorResponseSchema = z.object({ color: colorSchema });

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
export const siteImageKeyParamsSchema = z.object({ key: z.enum(SITE_IMAGE_KEYS) });
/** GET /site-images/all-settings: `force=true` is accepted for the client's cache-busting; reads are always fresh. */
export const allSiteImageSettingsQuerySchema = z.object({ force: z.enum(["true", "false"]).optional() });
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

/** The site's settings, texts, colours and images. */
export const siteEndpoints = defineEndpoints({
  "GET /site-settings/front-end": {
    summary: "The site settings the front end reads (limits, fees, switches).",
    response: frontEndSettingsSchema,
  },
  "GET /site-settings/front-end-offline": { response: offlineResponseSchema },
  "GET /site-settings/front-end-css-override": { response: cssOverrideResponseSchema },
  "GET /site-settings/front-end-idle-timeout": { response: idleTimeoutResponseSchema },
  "PATCH /site-settings": { body: siteSettingsPatchSchema, response: frontEndSettingsSchema },
  "GET /texts/values": { response: textsResponseSchema },
  "GET /colors/values": { response: colorsResponseSchema },
  "GET /colors": { response: colorsResponseSchema },
  "PATCH /colors/:name": {
    params: colorNameParamsSchema,
    body: colorPatchSchema,
    response: colorResponseSchema,
  },
  "GET /site-images": { response: siteImagesResponseSchema },
  "GET /site-images/all-settings": {
    query: allSiteImageSettingsQuerySchema,
    response: allSiteImageSettingsSchema,
  },
  "GET /site-images/:key": { params: siteImageKeyParamsSchema, response: siteImageSchema },
  "GET /images/system-avatars": { response: systemAvatarsResponseSchema },
});
