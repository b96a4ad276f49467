import { createHash, randomBytes } from "node:crypto";
import {
  cardDigits,
  cardSummary,
  luhnValid,
  type PaymentErrorCode,
  SANDBOX_TEST_CARDS,
} from "@market/domain";

/**
 * The card network's edge: the one thing we do not own, so the one thing behind an interface. A real
 * processor (Stripe, Braintree, ...) implements the same calls; the sandbox below behaves like a
 * processor's test mode so that every checkout path can be exercised end to end.
 *
 * Calls take the caller's idempotency key, as real processors do: the same key returns the first
 * answer and never charges twice, which is what lets a checkout that crashed after the charge be
 * retried safely.
 */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export type AuthorizeResult =
  | { ok: true; chargeId: string; brand: string; last4: string }
  | { ok: false; code: PaymentErrorCode };

export interface PaymentGateway {
  readonly name: string;
  authorize(input: {
    amountCents: number;
    card: CardDetails;
    idempotencyKey: string;
    /** What the payment is for (purchase, tip, ad ...): not sent to the processor, only counted (metrics). */
    purpose?: string;
  }): Promise<AuthorizeResult>;
  capture(chargeId: string): Promise<void>;
  /** Releases an authorisation that will not be captured (the purchase was refused after authorising). */
  void(chargeId: string): Promise<void>;
  /**
   * Gives a captured charge's money back (issue 22: refunds). Idempotent by key, as a processor's refund
   * is: the same key again answers the first refund and moves no more money. A charge that was voided,
   * never captured or is unknown cannot be refunded and throws.
   */
  refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
}

export interface RefundResult {
  refundId: string;
  amountCents: number;
}

/** The sandbox's charge ids: the demo seed's sales use the same form, so demo purchases can be refunded. */
export const SANDBOX_CHARGE_PREFIX = "ch_sandbox_";

interface SandboxCharge {
  chargeId: string;
  amountCents: number;
  status: "authorized" | "captured" | "voided" | "refunded";
  result: AuthorizeResult;
  fingerprint: string;
  /** Cents given back so far; never more than amountCents. */
  refundedCents: number;
}

/**
 * Test mode: Luhn-checked numbers; the documented test cards (SANDBOX_TEST_CARDS) decline, run out of
 * funds or fail as named; any other valid number succeeds. It keeps no card data, only a fingerprint of
 * the request per idempotency key.
 */
export function createSandboxGateway(): PaymentGateway & {
  charges: ReadonlyMap<string, SandboxCharge>;
  refunds: ReadonlyMap<string, RefundResult & { chargeId: string }>;
} {
  const byKey = new Map<string, SandboxCharge>();
  const byId = new Map<string, SandboxCharge>();
  const refundsByKey = new Map<string, RefundResult & { chargeId: string }>();
  /**
   * A processor remembers its charges; the sandbox keeps them in memory, so after a restart it no longer
   * knows the charges an earlier run (or the demo seed) captured. A charge id in its own format is taken
   * to be such a captured charge of the amount being refunded, so refunds keep working in demos; any
   * other unknown id is refused as a processor would.
   */
  const earlierRunCharge = (chargeId: string, amountCents: number): SandboxCharge | undefined => {
    if (!chargeId.startsWith(SANDBOX_CHARGE_PREFIX)) return undefined;
    const charge: SandboxCharge = {
      chargeId,
      amountCents,
      status: "captured",
      result: { ok: true, chargeId, brand: "unknown", last4: "0000" },
      fingerprint: "",
      refundedCents: 0,
    };
    byId.set(chargeId, charge);
    return charge;
  };
  return {
    name: "sandbox",
    charges: byId,
    refunds: refundsByKey,
    async authorize({ amountCents, card, idempotencyKey }) {
      const digits = cardDigits(card.number);
      const fingerprint = createHash("sha256").update(`${digits}|${amountCents}`).digest("hex");
      const earlier = byKey.get(idempotencyKey);
      if (earlier) return earlier.result;
      let result: AuthorizeResult;
      const known = SANDBOX_TEST_CARDS[digits];
      if (!luhnValid(digits)) result = { ok: false, code: "invalid_card_number" };
      else if (known && known.outcome !== "success") result = { ok: false, code: known.outcome };
      else {
        result = {
          ok: true,
          chargeId: `${SANDBOX_CHARGE_PREFIX}${randomBytes(12).toString("hex")}`,
          ...cardSummary({ cardNumber: digits }),
        };
      }
      const charge: SandboxCharge = {
        chargeId: result.ok ? result.chargeId : `declined_${randomBytes(6).toString("hex")}`,
        amountCents,
        status: "authorized",
        result,
        fingerprint,
        refundedCents: 0,
      };
      byKey.set(idempotencyKey, charge);
      if (result.ok) byId.set(result.chargeId, charge);
      return result;
    },
    async capture(chargeId) {
      const charge = byId.get(chargeId);
      if (!charge) throw new Error(`unknown charge ${chargeId}`);
      if (charge.status === "voided") throw new Error(`charge ${chargeId} was voided`);
      charge.status = "captured";
    },
    async void(chargeId) {
      const charge = byId.get(chargeId);
      if (charge && charge.status === "authorized") charge.status = "voided";
    },
    async refund(chargeId, amountCents, idempotencyKey) {
      const earlier = refundsByKey.get(idempotencyKey);
      if (earlier) {
        if (earlier.chargeId !== chargeId || earlier.amountCents !== amountCents) {
          throw new Error(`refund key ${idempotencyKey} was used for a different refund`);
        }
        return { refundId: earlier.refundId, amountCents: earlier.amountCents };
      }
      const charge = byId.get(chargeId) ?? earlierRunCharge(chargeId, amountCents);
      if (!charge) throw new Error(`unknown charge ${chargeId}`);
      if (charge.status !== "captured" && charge.status !== "refunded") {
        throw new Error(`charge ${chargeId} is ${charge.status}, not captured: nothing to refund`);
      }
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
        throw new Error(`a refund must be positive integer cents, got ${amountCents}`);
      }
      if (charge.refundedCents + amountCents > charge.amountCents) {
        throw new Error(
          `charge ${chargeId} has only ${charge.amountCents - charge.refundedCents} cents left to refund`,
        );
      }
      charge.refundedCents += amountCents;
      if (charge.refundedCents === charge.amountCents) charge.status = "refunded";
      const refund = { refundId: `re_sandbox_${randomBytes(12).toString("hex")}`, amountCents, chargeId };
      refundsByKey.set(idempotencyKey, refund);
      return { refundId: refund.refundId, amountCents };
    },
  };
}
