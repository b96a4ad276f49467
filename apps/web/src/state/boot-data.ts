import { BOOT_DATA_ELEMENT_ID, type SiteBootData } from "@market/domain";
import type { QueryClient } from "@tanstack/react-query";
import { keepBootAnswers } from "../api/boot-answers.ts";
import { siteQueries } from "./site-config.ts";

/**
 * The site's configuration the served page carries (SiteBootData), put into the query cache before the
 * first render, so guard 2 ("load configuration") and the offline check answer from memory instead of five
 * round trips, and keeps a landing page's first answers for the API client. Without it (the dev server, an
 * old page) the guards ask the API as before. Returns what it seeded, or null.
 */
export function seedSiteConfiguration(client: QueryClient, doc: Document = document): SiteBootData | null {
  const text = doc.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let data: SiteBootData;
  try {
    data = JSON.parse(text) as SiteBootData;
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null || !Array.isArray(data.colors)) return null;
  client.setQueryData(siteQueries.offlineMode.queryKey, data.offlineMode);
  client.setQueryData(siteQueries.settings.queryKey, data.settings);
  client.setQueryData(siteQueries.texts.queryKey, data.texts);
  client.setQueryData(siteQueries.colors.queryKey, data.colors);
  client.setQueryData(siteQueries.cssOverride.queryKey, data.cssOverride);
  keepBootAnswers(data.answers);
  return data;
}
