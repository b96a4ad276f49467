import { Counter } from "./metrics.ts";
import type { PaymentGateway } from "./payments.ts";

/**
 * Counters of what happened outside the request cycle, by outcome: mails sent and card processor calls.
 * Per process, kept here apart from the /metrics route (app-metrics.ts) so that the mailer and the
 * gateway can count without importing the app.
 */

/** Mails handed to the mail server (or written to the mail folder), by outcome: sent | failed. Per process. */
export const mailsSentTotal = new Counter("mails_sent_total", "Mails handed to the mail transport.", [
  "outcome",
]);
const mailSent = mailsSentTotal.labels("sent");
const mailFailed = mailsSentTotal.labels("failed");

/** Called by the mailer (platform/mail.ts) after each send. */
export function countMail(ok: boolean) {
  (ok ? mailSent : mailFailed).inc();
}

/**
 * Calls to the card processor by what the payment was for and how it went: authorized | declined |
 * error (the processor did not answer) | captured | voided | refunded. Per process.
 */
export const paymentsTotal = new Counter("payments_total", "Card processor calls by purpose and outcome.", [
  "purpose",
  "outcome",
]);

/** How many authorised charges' purposes are remembered until their capture or void (a crash leaves some). */
const REMEMBERED_CHARGES = 10_000;

/**
 * The gateway, counted: every call's outcome goes to payments_total. The purpose comes with the
 * authorisation and is remembered by charge until it is captured or voided; a refund names the purpose
 * only while its charge is remembered, else "unknown".
 */
export function countPayments(gateway: PaymentGateway): PaymentGateway {
  const purposes = new Map<string, string>();
  const count = (purpose: string, outcome: string) => paymentsTotal.labels(purpose, outcome).inc();
  const remember = (chargeId: string, purpose: string) => {
    if (purposes.size >= REMEMBERED_CHARGES) purposes.delete(purposes.keys().next().value!);
    purposes.set(chargeId, purpose);
  };
  return {
    name: gateway.name,
    async authorize(input) {
      const purpose = input.purpose ?? "unknown";
      let result: Awaited<ReturnType<PaymentGateway["authorize"]>>;
      try {
        result = await gateway.authorize(input);
      } catch (error) {
        count(purpose, "error");
        throw error;
      }
      count(purpose, result.ok ? "authorized" : "declined");
      if (result.ok) remember(result.chargeId, purpose);
      return result;
    },
    async capture(chargeId) {
      await gateway.capture(chargeId);
      count(purposes.get(chargeId) ?? "unknown", "captured");
      purposes.delete(chargeId);
    },
    async void(chargeId) {
      await gateway.void(chargeId);
      count(purposes.get(chargeId) ?? "unknown", "voided");
      purposes.delete(chargeId);
    },
    async refund(chargeId, amountCents, idempotencyKey) {
      const refund = await gateway.refund(chargeId, amountCents, idempotencyKey);
      count(purposes.get(chargeId) ?? "unknown", "refunded");
      return refund;
    },
  };
}
