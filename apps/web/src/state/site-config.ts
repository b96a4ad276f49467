import { type ColorEntry, DEFAULT_SITE_SETTINGS, type SiteSettings, textOf } from "@market/domain";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../api/client.ts";

/**
 * Site configuration, loaded once before the first render (guard "load configuration") and then served from
 * the TanStack Query cache. The offline flag is re-read at most every 30 s so maintenance mode takes effect
 * on the next navigation without a reload.
 */
export const siteQueries = {
  offlineMode: queryOptions({
    queryKey: ["site", "offline-mode"],
    queryFn: async () => (await api.call("GET /site-settings/front-end-offline")).offlineMode,
    staleTime: 30_000,
  }),
  settings: queryOptions({
    queryKey: ["site", "settings"],
    queryFn: async (): Promise<SiteSettings> => (await api.call("GET /site-settings/front-end")).settings,
    staleTime: Number.POSITIVE_INFINITY,
  }),
  texts: queryOptions({
    queryKey: ["site", "texts"],
    queryFn: async (): Promise<Record<string, string>> => (await api.call("GET /texts/values")).texts,
    staleTime: Number.POSITIVE_INFINITY,
  }),
  colors: queryOptions({
    queryKey: ["site", "colors"],
    queryFn: async (): Promise<ColorEntry[]> => (await api.call("GET /colors/values")).colors,
    staleTime: Number.POSITIVE_INFINITY,
  }),
  cssOverride: queryOptions({
    queryKey: ["site", "css-override"],
    queryFn: async () => (await api.call("GET /site-settings/front-end-css-override")).settings.cssOverride,
    staleTime: Number.POSITIVE_INFINITY,
  }),
};

export type TextLookup = (key: string, values?: Record<string, string>) => string;

/** Fills {name} placeholders of a text. */
export function fillText(text: string, values: Record<string, string> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The site's copy with DEFAULT_TEXTS fallbacks, so a screen renders even before texts arrive. */
export function useTexts(): TextLookup {
  const { data } = useQuery(siteQueries.texts);
  return useCallback((key, values) => fillText(textOf(data, key), values), [data]);
}

/**
 * A screen area's copy (its *-texts.ts): the stored text for a key when an admin has set one or the shell
 * has it, else the area's own default, with `{name}` placeholders filled.
 */
export function useAreaTexts<K extends string>(
  defaults: Readonly<Record<K, string>>,
): (key: K, values?: Record<string, string>) => string {
  const t = useTexts();
  return useCallback(
    (key, values) => {
      const text = t(key, values);
      if (text !== key) return text;
      const fallback: string | undefined = defaults[key];
      return fallback === undefined ? key : fillText(fallback, values);
    },
    [t, defaults],
  );
}

export function useColors(): ColorEntry[] | undefined {
  return useQuery(siteQueries.colors).data;
}

/**
 * The site settings (limits, fees, switches) the front end reads. They are in the cache before the first
 * screen renders (guard "load configuration"); until then, or if they could not be read, a screen sees the
 * defaults every server starts from, filled here once so that no screen carries a fallback of its own.
 */
export function useSiteSettings(): SiteSettings {
  return useQuery(siteQueries.settings).data ?? DEFAULT_SITE_SETTINGS;
}

/** The same settings read outside a component (after a login or a logout), with the same defaults. */
export function siteSettingsIn(queryClient: QueryClient): SiteSettings {
  return queryClient.getQueryData(siteQueries.settings.queryKey) ?? DEFAULT_SITE_SETTINGS;
}
