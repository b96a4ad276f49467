/**
 * The payment form that ads, tips, donations and purchases share (spec 3 Payment form, spec 5 Payment).
 * checkPaymentForm returns one problem code per field, so the web form and the server refuse the same
 * input for the same reason; the server answers them as `fields: { name: problem }`.
 *
 * Nothing here keeps card data: cardSummary says what may be stored (brand and last four digits).
 */
export const PAYMENT_SOURCES = ["credit-card", "other"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export interface PaymentForm {
  paymentSource?: PaymentSource;
  cardName?: string;
  cardNumber?: string;
  cardExp?: string;
  cardCvv?: string;
  billingStreetAddress?: string;
  billingCity?: string;
  billingState?: string;
  billingZipCode?: string;
}

export type PaymentFormProblem =
  | "required"
  | "too_short"
  | "wrong_length"
  | "invalid_card_number"
  | "expired"
  | "invalid_expiry";

/** The spec's lengths (spec 5 Payment), plus the 19 digits no card number exceeds (ISO/IEC 7812). */
const CARD = {
  nameMin: 2,
  numberMin: 15,
  numberMax: 19,
  cvvMin: 3,
  cvvMax: 4,
  stateLength: 2,
  zipMin: 5,
} as const;

/** People type card numbers in groups ("4242 4242 4242 4242", "4242-4242-..."); the groups carry nothing. */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, "");
}

/**
 * The Luhn checksum every card number carries: it catches a mistyped digit and most swapped neighbours
 * before we ask the processor. False for an empty string or anything but digits.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

/**
 * The network, from the number's leading digits: shown on receipts next to the last four digits.
 * Visa 4; Mastercard 51-55 and 2221-2720; Amex 34 and 37; Discover 6011, 65 and 644-649.
 */
export function cardBrand(digits: string): CardBrand {
  if (!/^\d+$/.test(digits)) return "unknown";
  const leading = (n: number) => Number(digits.slice(0, n));
  if (digits.startsWith("4")) return "visa";
  if (leading(2) >= 51 && leading(2) <= 55) return "mastercard";
  if (digits.length >= 4 && leading(4) >= 2221 && leading(4) <= 2720) return "mastercard";
  if (digits.startsWith("34") || digits.startsWith("37")) return "amex";
  if (digits.startsWith("6011") || digits.startsWith("65")) return "discover";
  if (digits.length >= 3 && leading(3) >= 644 && leading(3) <= 649) return "discover";
  return "unknown";
}

function checkCardNumber(cardNumber: string): PaymentFormProblem | null {
  const digits = cardDigits(cardNumber);
  if (digits.length < CARD.numberMin) return "too_short";
  if (digits.length > CARD.numberMax || !luhnValid(digits)) return "invalid_card_number";
  return null;
}

/** Month index (year * 12 + month - 1) of an ISO day, so that months compare as numbers. */
function monthIndexOfDay(today: string): number {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(today);
  if (!match) throw new RangeError(`today must be YYYY-MM-DD, got ${today}`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

/** cardExp as MMYY, with the "/" of "12/28" and the spaces around it ignored. */
const mmyyOf = (cardExp: string) => cardExp.trim().replace(/\s*\/\s*/, "");

/** "cardExp exactly 4" (spec 5): MMYY with a real month. Whether it has expired is cardExpired's question. */
function checkCardExp(cardExp: string): PaymentFormProblem | null {
  const mmyy = mmyyOf(cardExp);
  if (!/^\d{4}$/.test(mmyy)) return "wrong_length";
  const month = Number(mmyy.slice(0, 2));
  return month < 1 || month > 12 ? "invalid_expiry" : null;
}

/**
 * A card is good through the last day of its month, so it has expired only once `today` (YYYY-MM-DD)
 * is in a later month. YY is read as 20YY. Only for an expiry checkCardExp accepted.
 */
function cardExpired(cardExp: string, today: string): boolean {
  const mmyy = mmyyOf(cardExp);
  const expires = (2000 + Number(mmyy.slice(2))) * 12 + Number(mmyy.slice(0, 2)) - 1;
  return expires < monthIndexOfDay(today);
}

/** "cardCvv at least 3" (spec 5); and at most 4 digits, the longest security code (Amex). */
function checkCardCvv(cardCvv: string): PaymentFormProblem | null {
  const cvv = cardCvv.trim();
  if (cvv.length < CARD.cvvMin) return "too_short";
  return /^\d+$/.test(cvv) && cvv.length <= CARD.cvvMax ? null : "wrong_length";
}

type FormField = Exclude<keyof PaymentForm, "paymentSource">;
export type PaymentFormProblems = Partial<Record<FormField, PaymentFormProblem>>;

const CARD_RULES: [FormField, (value: string) => PaymentFormProblem | null][] = [
  ["cardName", (v) => (v.trim().length < CARD.nameMin ? "too_short" : null)],
  ["cardNumber", checkCardNumber],
  ["cardExp", checkCardExp],
  ["cardCvv", checkCardCvv],
];
const BILLING_RULES: [FormField, (value: string) => PaymentFormProblem | null][] = [
  ["billingStreetAddress", () => null],
  ["billingCity", () => null],
  [
    "billingState",
    (v) => {
      const state = v.trim();
      return state.length === CARD.stateLength && /^[A-Za-z]+$/.test(state) ? null : "wrong_length";
    },
  ],
  ["billingZipCode", (v) => (v.trim().length < CARD.zipMin ? "too_short" : null)],
];

const isBlank = (value: string | undefined) => value === undefined || value.trim() === "";

/**
 * The part of checkPaymentForm that needs no context, so that a request schema can refuse it before
 * anything is charged: every field that is sent must be well formed. Which fields are required (they
 * depend on the source, on quickCheckout, and on whether the call charges at all: an admin's own ad
 * does not) and whether the card has expired (the site's day) are left to checkPaymentForm.
 *
 * A field sent with paymentSource "other" is checked too: the checkout hands the card fields to the
 * processor whatever the source, and keeps the number's last four digits, so a number like "0" would be
 * authorised and then refused by the payments table, with the card held (the Fix 7).
 */
export function checkPaymentFormFields(form: PaymentForm): PaymentFormProblems {
  const problems: PaymentFormProblems = {};
  for (const [field, rule] of [...CARD_RULES, ...BILLING_RULES]) {
    const value = form[field];
    if (isBlank(value)) continue;
    const problem = rule(value!);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * Spec 5 Payment: "Credit card complete: cardName at least 2 characters, cardNumber at least 15, cardExp
 * exactly 4, cardCvv at least 3. Billing address: street at least 1, city at least 1, state exactly 2,
 * zip at least 5. Billing fields are skipped when quickCheckout is on. Applies only when the payment
 * source is credit-card."
 *
 * paymentSource defaults to credit-card (spec 3). "other" makes no field required, but a field it sends
 * is still checked (see checkPaymentFormFields); a source we do not know is checked as a card, so a
 * misspelt source cannot slip past the checks. Values are trimmed; missing or blank is "required".
 * `today` (YYYY-MM-DD) decides expiry. Returns {} when the form is fine.
 */
export function checkPaymentForm(
  form: PaymentForm,
  opts: { quickCheckout: boolean; today: string },
): PaymentFormProblems {
  const problems = checkPaymentFormFields(form);
  if (!isBlank(form.cardExp) && !problems.cardExp && cardExpired(form.cardExp!, opts.today)) {
    problems.cardExp = "expired";
  }
  if (form.paymentSource === "other") return problems;
  const required = opts.quickCheckout ? CARD_RULES : [...CARD_RULES, ...BILLING_RULES];
  for (const [field] of required) {
    if (isBlank(form[field])) problems[field] = "required";
  }
  return problems;
}

/**
 * What a payment may keep of the card: its brand and last four digits, never the number (nor the CVV).
 * A number that is not all digits gives "unknown" and no digits.
 */
export function cardSummary(form: PaymentForm): { brand: CardBrand; last4: string } {
  const digits = cardDigits(form.cardNumber ?? "");
  if (!/^\d+$/.test(digits)) return { brand: "unknown", last4: "" };
  return { brand: cardBrand(digits), last4: digits.slice(-4) };
}
