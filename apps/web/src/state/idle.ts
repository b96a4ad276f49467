import { decideIdleRoute } from "@market/domain";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAdsShown } from "./ads.ts";
import { useSession } from "./session.ts";
import { useSiteSettings } from "./site-config.ts";

/**
 * Everything a person does counts as activity, not only a mouse moving (issue 18): a phone reader only
 * scrolls and touches, a writer only types. Listened for on window in the capture phase, so a scroll inside
 * a scrolling panel (which does not bubble) counts too.
 */
export const IDLE_ACTIVITY_EVENTS = [
  "mousemove",
  "pointermove",
  "pointerdown",
  "keydown",
  "wheel",
  "scroll",
  "touchstart",
  "touchmove",
  "focusin",
] as const;

/** Screens that hold work the redirect would lose, each a token in this set while mounted. */
const holds = new Set<object>();
/** Whether the user typed on this page (reset when the page changes): typed work is never thrown away. */
let typedOnPage = false;

/**
 * How a screen declares "do not send me away while idle": checkout (the payment form), the resource and
 * ad wizards and the bulk e-mail call this while they are shown. Forms need nothing: typing into any field
 * of a page holds the redirect until the user leaves that page.
 */
export function useHoldIdleRedirect(active = true): void {
  useEffect(() => {
    if (!active) return;
    const token = {};
    holds.add(token);
    return () => {
      holds.delete(token);
    };
  }, [active]);
}

/** True while a screen holds the redirect or the user typed on this page. */
export function idleRedirectHeld(): boolean {
  return holds.size > 0 || typedOnPage;
}

/** Typing that is work: not a search box (its query lives in the address) nor a tick box or a slider. */
function isTypedWork(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest("search, [role='search']")) return false;
  if (target instanceof HTMLTextAreaElement || target.isContentEditable) return true;
  if (target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !["search", "checkbox", "radio", "range", "button", "submit", "reset", "color"].includes(
    target.type,
  );
}

/**
 * The idle behaviour of spec 2: after idleTimeoutSeconds with no activity, a signed-in user goes to
 * /offers (shown ads) or /donation (no ads, no donation yet), never from a page under /offers nor from one
 * that holds work. Activity only notes the time; one timer looks at it once per period and waits out the
 * rest (the spec's debounced check), so a busy page costs nothing per event.
 */
export function useIdleRedirect() {
  const settings = useSiteSettings();
  const session = useSession();
  const adsShown = useAdsShown();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const timeoutMs = settings.idleTimeoutSeconds * 1000;
  const signedIn = session !== null;
  // Read when the timer fires, so a change of page or of ads does not restart the wait.
  const inputs = useRef({ adsShown, donationDate: session?.user?.donation_date ?? null, pathname });
  inputs.current = { adsShown, donationDate: session?.user?.donation_date ?? null, pathname };

  // A new page starts with nothing typed on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is what resets it
  useEffect(() => {
    typedOnPage = false;
  }, [pathname]);

  useEffect(() => {
    const onInput = (event: Event) => {
      if (isTypedWork(event.target)) typedOnPage = true;
    };
    document.addEventListener("input", onInput, true);
    return () => document.removeEventListener("input", onInput, true);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor < timeoutMs) {
        timer = setTimeout(check, timeoutMs - idleFor);
        return;
      }
      const { adsShown, donationDate, pathname } = inputs.current;
      const target = decideIdleRoute({
        signedIn: true,
        adsShown,
        donationDate,
        path: pathname,
        held: idleRedirectHeld(),
      });
      if (target) {
        // The donation modal records where a donation came from (spec 3, Donation state placement).
        navigate(target === "/donation" ? "/donation?placement=idle" : target);
        lastActivity = Date.now();
      }
      timer = setTimeout(check, timeoutMs);
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };
    for (const type of IDLE_ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    }
    timer = setTimeout(check, timeoutMs);
    return () => {
      clearTimeout(timer);
      for (const type of IDLE_ACTIVITY_EVENTS) {
        window.removeEventListener(type, onActivity, { capture: true });
      }
    };
  }, [signedIn, timeoutMs, navigate]);
}
