import type { HelpEntry } from "@market/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

/** The help calls of spec 7 as the screens use them; types come from the domain contract. */
export interface HelpList {
  entries: HelpEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export interface HelpFeedbackRow {
  id: string;
  feedback: string;
  created_at: string;
  username: string | null;
  entry_name: string | null;
}

export const helpQueries = {
  all: () =>
    queryOptions({
      queryKey: ["help", "entries"],
      queryFn: ({ signal }) => api.get<HelpList>("/help/", { signal }),
    }),
  articles: (q: string) =>
    queryOptions({
      queryKey: ["help", "articles", q],
      queryFn: ({ signal }) => api.get<HelpList>("/help/articles", { signal, query: { q: q || undefined } }),
    }),
  entry: (id: string) =>
    queryOptions({
      queryKey: ["help", "entry", id],
      queryFn: ({ signal }) => api.get<HelpEntry>(`/help/${encodeURIComponent(id)}`, { signal }),
      retry: false,
    }),
  proTip: () =>
    queryOptions({
      queryKey: ["help", "pro-tip"],
      queryFn: ({ signal }) =>
        api.get<{ proTip: { id: string; title: string; body: string } | null }>("/help/random-pro-tip", {
          signal,
        }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The changed terms the signed-in user has not accepted (spec 7: only when authenticated). */
  pendingTerms: (userId: string) =>
    queryOptions({
      queryKey: ["help", "tos-changed", userId],
      queryFn: ({ signal }) => api.get<{ entries: HelpEntry[] }>("/help/tos-changed", { signal }),
      // The layout never remounts, so terms published while someone browses reach them on their next return
      // to the tab or within five minutes.
      staleTime: 60_000,
      refetchOnWindowFocus: true,
      refetchInterval: 5 * 60_000,
    }),
  feedback: () =>
    queryOptions({
      queryKey: ["help", "feedback"],
      queryFn: ({ signal }) => api.get<{ feedback: HelpFeedbackRow[] }>("/help/feedback", { signal }),
    }),
};

/** Accepts exactly the versions the user was shown; a change published since stays pending. */
export function acceptTerms(entries: HelpEntry[]) {
  return api.put<{ accepted: number; pending: HelpEntry[] }>("/help/tos-agreement", {
    entries: entries.map((e) => ({ id: e.id, terms_changed_at: e.terms_changed_at })),
  });
}
