import { type AdType, type DisplayAd, shouldShowAds } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client.ts";
import { useAdBlockerDetected } from "./ad-blocker.ts";
import { useSession } from "./session.ts";
import { useSiteSettings } from "./site-config.ts";

const SESSION_KEY = "ad_session";
const IMPRESSED_KEY = "ad_impressions";

/** A random key for this browser session: impressions count once per ad per session (DECISIONS.md). */
function adSession(): string {
  let key = sessionStorage.getItem(SESSION_KEY);
  if (!key) {
    key = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, key);
  }
  return key;
}

/**
 * Records an impression once per ad id per session (spec 3: the impression list remembers ad ids already
 * impressed); the server counts once per session key too, so a reload or a second tab changes nothing.
 */
export function recordImpression(adId: string): void {
  const seen: string[] = JSON.parse(sessionStorage.getItem(IMPRESSED_KEY) ?? "[]");
  if (seen.includes(adId)) return;
  sessionStorage.setItem(IMPRESSED_KEY, JSON.stringify([...seen, adId]));
  void api.post(`/advertisements/${adId}/impression`, { session: adSession() }).catch(() => undefined);
}

/** The click is counted before the browser follows the ad's link (spec 7); a slow count waits at most 1 s. */
export async function followAd(adId: string, url: string): Promise<void> {
  await Promise.race([
    api.post(`/advertisements/${adId}/click`, undefined).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 1000)),
  ]);
  window.location.assign(url);
}

/** Whether this viewer is shown ads: not with an ad blocker, nor as a donor while donatedAdFreeMode is on. */
export function useAdsShown(): boolean {
  const settings = useSiteSettings();
  const session = useSession();
  const blocked = useAdBlockerDetected();
  return shouldShowAds({
    adBlockerDetected: blocked,
    donatedAdFreeMode: settings?.donatedAdFreeMode ?? false,
    donationDate: session?.user?.donation_date ?? null,
  });
}

export function useDisplayAd(query: { type?: AdType; grade?: string }, enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: ["ads", "display", query.type ?? "", query.grade ?? "", session?.claims.sub ?? ""],
    queryFn: ({ signal }) =>
      api.get<{ ad: DisplayAd }>("/advertisements/display", {
        query: { type: query.type, grade: query.grade },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });
}
