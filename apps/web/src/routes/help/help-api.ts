import type { HelpEntry } from "@market/domain";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

/** The help calls of spec 7 as the screens use them; types come from the domain contract. */
export const helpQueries = {
  all: () =>
    queryOptions({
      queryKey: ["help", "entries"],
      queryFn: ({ signal }) => api.call("GET /help", { signal }),
    }),
  articles: (q: string) =>
    queryOptions({
      queryKey: ["help", "articles", q],
      queryFn: ({ signal }) => api.call("GET /help/articles", { signal, query: { q: q || undefined } }),
    }),
  entry: (id: string) =>
    queryOptions({
      queryKey: ["help", "entry", id],
      queryFn: ({ signal }) => api.call("GET /help/:id", { params: { id }, signal }),
      retry: false,
    }),
  proTip: () =>
    queryOptions({
      queryKey: ["help", "pro-tip"],
      queryFn: ({ signal }) => api.call("GET /help/random-pro-tip", { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The changed terms the signed-in user has not accepted (spec 7: only when authenticated). */
  pendingTerms: (userId: string) =>
    queryOptions({
      queryKey: ["help", "tos-changed", userId],
      queryFn: ({ signal }) => api.call("GET /help/tos-changed", { signal }),
      // The layout never remounts, so terms published while someone browses reach them on their next return
      // to the tab or within five minutes.
      staleTime: 60_000,
      refetchOnWindowFocus: true,
      refetchInterval: 5 * 60_000,
    }),
  feedback: () =>
    queryOptions({
      queryKey: ["help", "feedback"],
      queryFn: ({ signal }) => api.call("GET /help/feedback", { signal }),
    }),
};

/** Accepts exactly the versions the user was shown; a change published since stays pending. */
export function acceptTerms(entries: HelpEntry[]) {
  return api.call("PUT /help/tos-agreement", {
    // A pending entry always carries its mark; one without has no changed terms to accept.
    body: {
      entries: entries.flatMap((e) =>
        e.terms_changed_at ? [{ id: e.id, terms_changed_at: e.terms_changed_at }] : [],
      ),
    },
  });
}
