import type { SiteBootData } from "@market/domain";
import type { Db } from "../../db/client.ts";
import { getTexts, listColors } from "./site-content.service.ts";
import { getSiteSettings } from "./site-settings.service.ts";

/** The configuration the served page carries (SiteBootData): what the five configuration calls answer. */
export async function loadSiteBootData(db: Db): Promise<SiteBootData> {
  const [settings, texts, colors] = await Promise.all([getSiteSettings(db), getTexts(db), listColors(db)]);
  return { offlineMode: settings.offlineMode, settings, texts, colors, cssOverride: settings.cssOverride };
}
