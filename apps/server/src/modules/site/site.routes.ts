import { SITE_IMAGE_KEYS } from "@market/domain";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
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
const siteConfig = { config: { ...publicOffline, sameForEveryone: true } } as const;
const admin = { config: { access: "admin" } } as const;

export async function siteRoutes(app: AppInstance) {
  const { db } = app.deps;

  route(app, "GET /site-settings/front-end", siteConfig, async () => ({
    settings: await getSiteSettings(db),
  }));
  route(app, "GET /site-settings/front-end-offline", siteConfig, async () => ({
    offlineMode: (await getSiteSettings(db)).offlineMode,
  }));
  route(app, "GET /site-settings/front-end-css-override", siteConfig, async () => ({
    settings: { cssOverride: (await getSiteSettings(db)).cssOverride },
  }));
  route(app, "GET /site-settings/front-end-idle-timeout", siteConfig, async () => ({
    idleTimeoutSeconds: (await getSiteSettings(db)).idleTimeoutSeconds,
  }));
  route(
    app,
    "PATCH /site-settings",
    { config: { access: "admin", availableOffline: true } },
    async (request) => ({ settings: await updateSiteSettings(db, request.body, requireViewer(request).id) }),
  );

  route(app, "GET /texts/values", siteConfig, async () => ({ texts: await getTexts(db) }));
  route(app, "GET /colors/values", siteConfig, async () => ({ colors: await listColors(db) }));
  route(app, "GET /colors", admin, async () => ({ colors: await listColors(db) }));
  route(app, "PATCH /colors/:name", admin, async (request) => ({
    color: await updateColor(db, request.params.name, request.body, requireViewer(request).id),
  }));

  route(app, "GET /site-images", siteConfig, async () => ({ siteImages: await listSiteImages(db) }));
  // Always read fresh from the database; `force=true` is accepted for the client's cache-busting.
  route(app, "GET /site-images/all-settings", admin, async () => ({
    allSiteImages: await listSiteImages(db),
    siteKeys: [...SITE_IMAGE_KEYS],
  }));
  route(app, "GET /site-images/:key", siteConfig, async (request) => getSiteImage(db, request.params.key));

  route(app, "GET /images/system-avatars", { config: { access: "public" } }, async () => ({
    systemAvatars: await listSystemAvatars(db),
  }));
}
