import {
  allSiteImageSettingsSchema,
  colorPatchSchema,
  colorSchema,
  colorsResponseSchema,
  cssOverrideResponseSchema,
  frontEndSettingsSchema,
  idleTimeoutResponseSchema,
  offlineResponseSchema,
  SITE_IMAGE_KEYS,
  siteImageSchema,
  siteImagesResponseSchema,
  siteSettingsPatchSchema,
  systemAvatarsResponseSchema,
  textsResponseSchema,
} from "@market/domain";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import {
  getSiteImage,
  getTexts,
  listColors,
  listSiteImages,
  listSystemAvatars,
  updateColor,
} from "./site-content.service.ts";
import { getSiteSettings, updateSiteSettings } from "./site-settings.service.ts";

const publicOffline = { access: "public", availableOffline: true } as const;
/** The configuration every visit loads first: the same for everybody, so answered from memory a moment. */
const siteConfig = { ...publicOffline, sameForEveryone: true } as const;

export async function siteRoutes(app: AppInstance) {
  const { db } = app.deps;

  app.get(
    "/site-settings/front-end",
    { config: siteConfig, schema: { response: { 200: frontEndSettingsSchema } } },
    async () => ({
      settings: await getSiteSettings(db),
    }),
  );
  app.get(
    "/site-settings/front-end-offline",
    { config: siteConfig, schema: { response: { 200: offlineResponseSchema } } },
    async () => ({
      offlineMode: (await getSiteSettings(db)).offlineMode,
    }),
  );
  app.get(
    "/site-settings/front-end-css-override",
    { config: siteConfig, schema: { response: { 200: cssOverrideResponseSchema } } },
    async () => ({ settings: { cssOverride: (await getSiteSettings(db)).cssOverride } }),
  );
  app.get(
    "/site-settings/front-end-idle-timeout",
    { config: siteConfig, schema: { response: { 200: idleTimeoutResponseSchema } } },
    async () => ({ idleTimeoutSeconds: (await getSiteSettings(db)).idleTimeoutSeconds }),
  );
  app.patch(
    "/site-settings",
    {
      config: { access: "admin", availableOffline: true },
      schema: { body: siteSettingsPatchSchema, response: { 200: frontEndSettingsSchema } },
    },
    async (request) => ({ settings: await updateSiteSettings(db, request.body, requireViewer(request).id) }),
  );

  app.get(
    "/texts/values",
    { config: siteConfig, schema: { response: { 200: textsResponseSchema } } },
    async () => ({
      texts: await getTexts(db),
    }),
  );
  app.get(
    "/colors/values",
    { config: siteConfig, schema: { response: { 200: colorsResponseSchema } } },
    async () => ({
      colors: await listColors(db),
    }),
  );
  app.get(
    "/colors",
    { config: { access: "admin" }, schema: { response: { 200: colorsResponseSchema } } },
    async () => ({
      colors: await listColors(db),
    }),
  );
  app.patch(
    "/colors/:name",
    {
      config: { access: "admin" },
      schema: {
        params: z.object({ name: z.string().max(40) }),
        body: colorPatchSchema,
        response: { 200: z.object({ color: colorSchema }) },
      },
    },
    async (request) => ({
      color: await updateColor(db, request.params.name, request.body, requireViewer(request).id),
    }),
  );

  app.get(
    "/site-images",
    { config: siteConfig, schema: { response: { 200: siteImagesResponseSchema } } },
    async () => ({
      siteImages: await listSiteImages(db),
    }),
  );
  app.get(
    "/site-images/all-settings",
    {
      config: { access: "admin" },
      schema: {
        querystring: z.object({ force: z.enum(["true", "false"]).optional() }),
        response: { 200: allSiteImageSettingsSchema },
      },
    },
    // Always read fresh from the database; `force=true` is accepted for the client's cache-busting.
    async () => ({ allSiteImages: await listSiteImages(db), siteKeys: [...SITE_IMAGE_KEYS] }),
  );
  app.get(
    "/site-images/:key",
    {
      config: siteConfig,
      schema: { params: z.object({ key: z.enum(SITE_IMAGE_KEYS) }), response: { 200: siteImageSchema } },
    },
    async (request) => getSiteImage(db, request.params.key),
  );

  app.get(
    "/images/system-avatars",
    { config: { access: "public" }, schema: { response: { 200: systemAvatarsResponseSchema } } },
    async () => ({ systemAvatars: await listSystemAvatars(db) }),
  );
}
