import type { ColorEntry, SiteSettings } from "@market/domain";
import type { QueryClient } from "@tanstack/react-query";
import { siteQueries } from "../state/site-config.ts";

/**
 * Guard 2 of 6: settings, texts, colours and the CSS override are in the query cache before a screen renders.
 * ensureQueryData fetches each once and afterwards answers from the cache.
 */
export interface SiteConfiguration {
  settings: SiteSettings;
  texts: Record<string, string>;
  colors: ColorEntry[];
  cssOverride: string;
}

export async function loadConfiguration(queryClient: QueryClient): Promise<SiteConfiguration> {
  const [settings, texts, colors, cssOverride] = await Promise.all([
    queryClient.ensureQueryData(siteQueries.settings),
    queryClient.ensureQueryData(siteQueries.texts),
    queryClient.ensureQueryData(siteQueries.colors),
    queryClient.ensureQueryData(siteQueries.cssOverride),
  ]);
  return { settings, texts, colors, cssOverride };
}

export async function loadOfflineMode(queryClient: QueryClient): Promise<boolean> {
  return queryClient.fetchQuery(siteQueries.offlineMode);
}
