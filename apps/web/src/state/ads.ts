import { type AdType, shouldShowAds } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client.ts";
import { useAdBlockerDetected } from "./ad-blocker.ts";
import { useSession } from "./session.ts";
import { useSiteSettings } from "./site-config.ts";

const IMPRESSED_KEY = "ad_impressions";

/**
 * Records an impression once per ad id per session (spec 3: the impression list remembers ad ids already
 * impressed), with the view token the display call gave with the ad: the server counts an impression only
 * against such a token, once (DECISIONS.md "Ad counting").
 */
export function recordImpression(adId: string, token: string | undefined): void {
  if (!token) return;
  const seen: string[] = JSON.parse(sessionStorage.getItem(IMPRESSED_KEY) ?? "[]");
  if (seen.includes(adId)) return;
  sessionStorage.setItem(IMPRESSED_KEY, JSON.stringify([...seen, adId]));
  void api
    .call("POST /advertisements/:id/impression", { params: { id: adId }, body: { token } })
    .catch(() => undefined);
}

/**
 * The click is counted (with the ad's view token) before the browser follows the ad's link (spec 7); a
 * slow count waits at most 1 s, and an ad shown without a token is followed uncounted.
 */
export async function followAd(adId: string, token: string | undefined, url: string): Promise<void> {
  if (token) {
    await Promise.race([
      api
        .call("POST /advertisements/:id/click", { params: { id: adId }, body: { token } })
        .catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]);
  }
  window.location.assign(url);
}

/** Whether this viewer is shown ads: not with an ad blocker, nor as a donor while donatedAdFreeMode is on. */
export function useAdsShown(): boolean {
  const settings = useSiteSettings();
  const session = useSession();
  const blocked = useAdBlockerDetected();
  return shouldShowAds({
    adBlockerDetected: blocked,
    donatedAdFreeMode: settings.donatedAdFreeMode,
    donationDate: session?.user?.donation_date ?? null,
  });
}

export function useDisplayAd(query: { type?: AdType; grade?: string }, enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: ["ads", "display", query.type ?? "", query.grade ?? "", session?.claims.sub ?? ""],
    queryFn: ({ signal }) =>
      api.call("GET /advertisements/display", {
        query: { type: query.type, grade: query.grade },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });
}
