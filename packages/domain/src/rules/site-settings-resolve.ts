import { DEFAULT_SITE_SETTINGS } from "./site-setting-defaults.ts";
import { SITE_SETTING_KEYS, type SiteSettings, siteSettingsSchema } from "./site-settings.ts";

/** Merges stored rows over the defaults; a stored value that no longer validates falls back to its default. */
export function resolveSiteSettings(stored: Record<string, unknown>): SiteSettings {
  const out: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const key of SITE_SETTING_KEYS) {
    if (!(key in stored)) continue;
    const parsed = siteSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as SiteSettings;
}
