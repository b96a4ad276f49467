/** The review form's id: the prompt beside the price box scrolls to it and focuses its stars. */
export const REVIEW_FORM_ID = "write-review";

const dismissedKey = (resourceId: string) => `review_prompt_dismissed:${resourceId}`;

/** "Not now" on the prompt holds for the rest of the visit (the tab's session), for that resource. */
export function isPromptDismissed(resourceId: string): boolean {
  try {
    return sessionStorage.getItem(dismissedKey(resourceId)) === "1";
  } catch {
    return false;
  }
}

export function dismissPrompt(resourceId: string): void {
  try {
    sessionStorage.setItem(dismissedKey(resourceId), "1");
  } catch {
    // Storage refused (a private window's quota): the prompt is dismissed for as long as the page lives.
  }
}

const smoothly = (): ScrollBehavior =>
  window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === false ? "smooth" : "auto";

/** The form's stars, focused (the chosen one, else the first) with the form brought into view. */
function focusStars(): boolean {
  const form = document.getElementById(REVIEW_FORM_ID);
  const star =
    form?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ??
    form?.querySelector<HTMLInputElement>('input[type="radio"]');
  if (!form || !star) return false;
  form.scrollIntoView?.({ behavior: smoothly(), block: "start" });
  star.focus({ preventScroll: true });
  return true;
}

/**
 * Brings the review form into view and puts the keyboard on its stars, smoothly unless the reader asked for
 * less motion. The form's code loads on its own: pressed before it has arrived, the page goes to the reviews
 * at once and the stars take the focus as soon as they are there (a few seconds at most).
 */
export function focusReviewForm(): void {
  if (focusStars()) return;
  document.getElementById("reviews")?.scrollIntoView?.({ behavior: smoothly(), block: "start" });
  const observer = new MutationObserver(() => {
    if (focusStars()) stop();
  });
  const timer = setTimeout(() => stop(), 5000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}
