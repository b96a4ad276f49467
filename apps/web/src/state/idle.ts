import { decideIdleRoute } from "@market/domain";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAdsShown } from "./ads.ts";
import { useSession } from "./session.ts";
import { useSiteSettings } from "./site-config.ts";

/** Mouse movement is checked at most this often: moving the mouse should not cost a timer reset each pixel. */
const MOVE_DEBOUNCE_MS = 1000;

/**
 * The idle behaviour of spec 2: after idleTimeoutSeconds with no mouse movement, a signed-in user goes
 * to /offers (shown ads) or /donation (no ads, no donation yet), never from a page under /offers.
 */
export function useIdleRedirect() {
  const settings = useSiteSettings();
  const session = useSession();
  const adsShown = useAdsShown();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const timeoutMs = (settings?.idleTimeoutSeconds ?? 300) * 1000;
  const target = decideIdleRoute({
    signedIn: session !== null,
    adsShown,
    donationDate: session?.user?.donation_date ?? null,
    path: pathname,
  });
  // The donation modal records where a donation came from (spec 3, Donation state placement).
  const targetRef = useRef<string | null>(target);
  targetRef.current = target === "/donation" ? "/donation?placement=idle" : target;

  useEffect(() => {
    if (!target) return;
    let timer = setTimeout(() => targetRef.current && navigate(targetRef.current), timeoutMs);
    let lastMove = Date.now();
    const onMove = () => {
      const now = Date.now();
      if (now - lastMove < MOVE_DEBOUNCE_MS) return;
      lastMove = now;
      clearTimeout(timer);
      timer = setTimeout(() => targetRef.current && navigate(targetRef.current), timeoutMs);
    };
    window.addEventListener("mousemove", onMove, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("mousemove", onMove);
    };
  }, [target, timeoutMs, navigate]);
}
