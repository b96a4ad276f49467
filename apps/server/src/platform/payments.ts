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
  }): Promise<AuthorizeResult>;
  capture(chargeId: string): Promise<void>;
  /** Releases an authorisation that will not be captured (the purchase was refused after authorising). */
  void(chargeId: string): Promise<void>;
}

interface SandboxCharge {
  chargeId: string;
  amountCents: number;
  status: "authorized" | "captured" | "voided";
  result: AuthorizeResult;
  fingerprint: string;
}

/**
 * Test mode: Luhn-checked numbers; the documented test cards (SANDBOX_TEST_CARDS) decline, run out of
 * funds or fail as named; any other valid number succeeds. It keeps no card data, only a fingerprint of
 * the request per idempotency key.
 */
export function createSandboxGateway(): PaymentGateway & { charges: ReadonlyMap<string, SandboxCharge> } {
  const byKey = new Map<string, SandboxCharge>();
  const byId = new Map<string, SandboxCharge>();
  return {
    name: "sandbox",
    charges: byId,
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
          chargeId: `ch_sandbox_${randomBytes(12).toString("hex")}`,
          ...cardSummary({ cardNumber: digits }),
        };
      }
      const charge: SandboxCharge = {
        chargeId: result.ok ? result.chargeId : `declined_${randomBytes(6).toString("hex")}`,
        amountCents,
        status: "authorized",
        result,
        fingerprint,
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
  };
}
