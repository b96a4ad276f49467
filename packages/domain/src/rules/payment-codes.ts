/**
 * The codes a checkout answers with when the card is refused, shared by the server (which sends them)
 * and the web (which says them in words). The spec does not show payment error shapes (spec 8), so these
 * follow what card processors report; the form's own problems (checkPaymentForm) come before any of them.
 */
export const PAYMENT_ERROR_CODES = [
  "card_declined",
  "insufficient_funds",
  "processing_error",
  "invalid_card_number",
  "expired_card",
  "incorrect_cvc",
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

/**
 * The sandbox processor's test cards, keyed by their digits (cardDigits), so that every checkout path can
 * be tried without a real card. The numbers are the ones processors' test modes document. Any other
 * Luhn-valid number succeeds in the sandbox; a number failing Luhn is invalid_card_number.
 */
export const SANDBOX_TEST_CARDS: Readonly<
  Record<string, { outcome: "success" | PaymentErrorCode; note: string }>
> = {
  "4242424242424242": { outcome: "success", note: "Visa that always succeeds" },
  "5555555555554444": { outcome: "success", note: "Mastercard that always succeeds" },
  "378282246310005": { outcome: "success", note: "American Express (15 digits) that always succeeds" },
  "4000000000000002": { outcome: "card_declined", note: "Visa that is always declined" },
  "4000000000009995": { outcome: "insufficient_funds", note: "Visa declined for insufficient funds" },
  "4000000000000119": { outcome: "processing_error", note: "Visa that fails with a processing error" },
  "4000000000000127": { outcome: "incorrect_cvc", note: "Visa declined for an incorrect security code" },
};

/** Plain words for a teacher at the checkout: what happened and what to do next, no jargon. */
const PAYMENT_ERROR_MESSAGES: Record<PaymentErrorCode, string> = {
  card_declined: "Your card was declined. Try another card.",
  insufficient_funds: "Your card doesn't have enough funds for this payment. Try another card.",
  processing_error: "We couldn't process your card just now. Please try again in a moment.",
  invalid_card_number: "That card number isn't valid. Check the number and try again.",
  expired_card: "Your card has expired. Try another card.",
  incorrect_cvc:
    "The security code doesn't match your card. Check the 3 or 4 digits on your card and try again.",
};

export function paymentErrorMessage(code: PaymentErrorCode): string {
  return PAYMENT_ERROR_MESSAGES[code];
}

export const CHECKOUT_OUTCOMES = ["error", "canceled", "success"] as const;

/**
 * Spec 4: "Checkout completion ends in error, canceled or success; error takes precedence, then
 * canceled." A checkout that reports more than one finish is settled by that order, so a failure is
 * never shown as a success; null while none is reported.
 */
export function checkoutOutcome(flags: {
  error: boolean;
  canceled: boolean;
  success: boolean;
}): "error" | "canceled" | "success" | null {
  return CHECKOUT_OUTCOMES.find((outcome) => flags[outcome]) ?? null;
}
