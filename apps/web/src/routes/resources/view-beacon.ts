import { classifyVisit, type ResourceView } from "@market/domain";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { apiUrl, endpointAddress } from "../../api/client.ts";
import { getSession } from "../../state/session.ts";

/**
 * The page-view beacon of issue 23: one `POST /api/resources/{id}/view` per showing of a resource's page,
 * sent after it is drawn, never waited for and never reported (a visitor's page cannot fail because of a
 * count). The server counts a visitor once a day and leaves out bots and the creator; the creator's own
 * visits are not even sent.
 */

/**
 * The in-app page each history entry was reached from. The Navigation API tells, for every change of
 * entry (a link, a redirect, Back), the address it left; React Router has no "previous location". Where
 * the browser lacks the API, a link may say it in its state ({ from }), else the referrer decides.
 */
const cameFrom = new Map<string, string>();

interface NavigationLike {
  currentEntry: { key: string; url: string | null } | null;
  addEventListener(
    type: "currententrychange",
    listener: (event: { from: { url: string | null } }) => void,
  ): void;
}

function watchNavigation(): void {
  const navigation = (globalThis as { navigation?: NavigationLike }).navigation;
  if (!navigation?.addEventListener) return;
  navigation.addEventListener("currententrychange", (event) => {
    const current = navigation.currentEntry;
    const from = event.from.url;
    // The router marks the first page's entry on start (a replace to the same address): that is no page
    // before it. Back to an entry keeps where it was first reached from, not the page Back left.
    if (!current?.key || !from || from === current.url || cameFrom.has(current.key)) return;
    cameFrom.set(current.key, from);
  });
}
if (typeof window !== "undefined") watchNavigation();

function previousPage(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === "string") return from;
  const key = (globalThis as { navigation?: NavigationLike }).navigation?.currentEntry?.key;
  return (key && cameFrom.get(key)) || null;
}

/** Sends the beacon: sendBeacon where there is one (it outlives the page), else a keepalive fetch. */
export function sendViewBeacon(resourceId: string, view: ResourceView): void {
  const { path } = endpointAddress("POST /resources/:id/view", { id: resourceId });
  const url = apiUrl(path);
  const body = JSON.stringify(view);
  try {
    if (typeof navigator.sendBeacon === "function") {
      if (navigator.sendBeacon(url, new Blob([body], { type: "application/json" }))) return;
    }
    const token = getSession()?.token;
    void fetch(url, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
    }).catch(() => undefined);
  } catch {
    // A count lost is better than a visitor's page failing.
  }
}

/**
 * Counts this showing of the resource's page once: once per resource while the page is shown (a
 * re-render, or a jump to #reviews, is not a new view; leaving and coming back, or going on to another
 * resource, is), not for its creator, and not in the publishing wizard's preview (which does not call it).
 */
export function useViewBeacon(resource: { id: string; users_model: { id: string } } | undefined): void {
  const location = useLocation();
  const sent = useRef<string | null>(null);
  const resourceId = resource?.id;
  const creatorId = resource?.users_model.id;
  // Read when the view is sent, not a reason to send again.
  const where = useRef(location);
  where.current = location;
  useEffect(() => {
    if (!resourceId || sent.current === resourceId) return;
    sent.current = resourceId;
    if (getSession()?.claims.sub === creatorId) return;
    const { pathname, search, state } = where.current;
    const { source, referrer } = classifyVisit({
      page: `${pathname}${search}`,
      previous: previousPage(state),
      referrer: document.referrer,
      siteHost: window.location.host,
    });
    sendViewBeacon(resourceId, referrer ? { source, referrer } : { source });
  }, [resourceId, creatorId]);
}
