import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of the checkout's coupon code field (issue 22): applying a code, the new price, and why a code
 * does not apply, in the buyer's words. Admins can override any key through the site texts.
 */
export const COUPON_TEXTS = {
  "coupon.label": "Coupon code",
  "coupon.hint": "Have a code from the creator or the site? Enter it to see your new price.",
  "coupon.apply": "Apply",
  "coupon.applying": "Checking…",
  "coupon.remove": "Remove code",
  "coupon.applied": "Code {code} applied",
  "coupon.saving": "You save {amount}",
  "coupon.before": "Price before the code",
  "coupon.discount": "Coupon {code}",
  "coupon.newTotal": "New total",
  "coupon.empty": "Type a code first.",
  "coupon.refused.coupon_not_found": "There is no coupon with this code. Check the spelling.",
  "coupon.refused.coupon_expired": "This code has expired.",
  "coupon.refused.coupon_used_up": "This code has been used as many times as it allows.",
  "coupon.refused.coupon_not_for_resource": "This code is not for this resource.",
  "coupon.refused.coupon_already_used": "You have already used this code.",
  "coupon.refused.rate_limited": "Too many tries. Wait a minute, then try the code again.",
  "coupon.refused.other": "We could not check this code. Try again.",
} as const satisfies Record<string, string>;

export type CouponTextKey = keyof typeof COUPON_TEXTS;

export function useCouponTexts() {
  return useAreaTexts<CouponTextKey>(COUPON_TEXTS);
}

const REFUSALS = new Set([
  "coupon_not_found",
  "coupon_expired",
  "coupon_used_up",
  "coupon_not_for_resource",
  "coupon_already_used",
  "rate_limited",
]);

/** The text key of a refusal's reason (the API's error code), "other" for anything unforeseen. */
export function refusalKey(code: string | undefined): CouponTextKey {
  return code && REFUSALS.has(code) ? (`coupon.refused.${code}` as CouponTextKey) : "coupon.refused.other";
}
