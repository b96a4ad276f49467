import { checkoutOutcome } from "@market/domain";

export type CheckoutOutcome = "error" | "canceled" | "success";

/**
 * The checkout completion state (spec 4): a checkout ends in error, canceled or success, error taking
 * precedence, then canceled. Once finished the state is locked, so a late or repeated report (a
 * processor's second redirect, a double click) cannot turn a failure into a success; the redirect that
 * leaves the payflow unlocks it for the next checkout.
 */
export function createPayflow() {
  let flags = { error: false, canceled: false, success: false };
  let locked = false;
  return {
    report(outcome: CheckoutOutcome) {
      if (locked) return checkoutOutcome(flags);
      flags = { ...flags, [outcome]: true };
      return checkoutOutcome(flags);
    },
    finish() {
      locked = true;
      return checkoutOutcome(flags);
    },
    get outcome() {
      return checkoutOutcome(flags);
    },
    get locked() {
      return locked;
    },
    unlock() {
      locked = false;
      flags = { error: false, canceled: false, success: false };
    },
  };
}

export const payflow = createPayflow();
