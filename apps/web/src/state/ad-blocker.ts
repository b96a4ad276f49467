import { useEffect, useSyncExternalStore } from "react";

/**
 * Ad-blocker detection (spec 1: ads are hidden when an ad blocker is detected). Blockers hide page elements
 * whose class names look like ads (cosmetic filter lists such as EasyList's ##.adsbox) or remove them, so a
 * bait element with those names that ends up hidden, collapsed or gone means a blocker is at work. It is
 * checked once per page load, after the blocker had a frame to act; until then no blocker is assumed.
 */
export const BAIT_CLASSES = "adsbox ad-banner ad-placement pub_300x250 textads banner-ads";

let detected = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (detected === value) return;
  detected = value;
  for (const listener of listeners) listener();
}

export function adBlockerDetected(): boolean {
  return detected;
}

/** jsdom lays nothing out (every size is 0), so sizes count only in a real browser. */
const laysOut = () => typeof navigator !== "undefined" && !navigator.userAgent.includes("jsdom");

/** Whether the bait was removed, hidden or collapsed: the judgement alone, for tests and for the check. */
export function baitBlocked(bait: HTMLElement, view: Pick<Window, "getComputedStyle">, measures = laysOut()) {
  if (!bait.isConnected) return true;
  const style = view.getComputedStyle(bait);
  if (style.display === "none" || style.visibility === "hidden") return true;
  return measures && (bait.offsetHeight === 0 || bait.offsetWidth === 0);
}

/** Places the bait, waits two frames for a blocker, judges, then removes it. */
export function checkForAdBlocker(doc: Document = document): Promise<boolean> {
  const bait = doc.createElement("div");
  bait.className = BAIT_CLASSES;
  bait.setAttribute("aria-hidden", "true");
  bait.style.cssText = "position:absolute;left:-10000px;top:-10000px;width:10px;height:10px;";
  bait.innerHTML = "&nbsp;";
  doc.body.appendChild(bait);
  return new Promise((resolve) => {
    const frame = doc.defaultView?.requestAnimationFrame ?? ((fn: () => void) => setTimeout(fn, 16));
    frame(() =>
      frame(() => {
        const blocked = baitBlocked(bait, doc.defaultView ?? window);
        bait.remove();
        set(blocked);
        resolve(blocked);
      }),
    );
  });
}

/** Runs the check once when the app mounts (RootLayout). */
export function useAdBlockerCheck(): void {
  useEffect(() => {
    void checkForAdBlocker();
  }, []);
}

export function useAdBlockerDetected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    adBlockerDetected,
    adBlockerDetected,
  );
}
