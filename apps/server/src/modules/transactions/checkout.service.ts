import { createHash, randomUUID } from "node:crypto";
import {
  cardDigits,
  checkPaymentForm,
  dayInZone,
  type PaymentErrorCode,
  type PaymentFormInput,
  paymentErrorMessage,
  type SiteSettings,
} from "@market/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { payments } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { AppError, validationFailed } from "../../platform/errors.ts";
import type { CardDetails } from "../../platform/payments.ts";
import { getSiteSettings } from "../site/index.ts";
import { queueReceiptMail } from "./receipt-mail.job.ts";

/** What a checkout uses of the app: the database and the card network's edge. */
export type CheckoutDeps = Pick<AppDeps, "db" | "payments">;

export type PaymentPurpose = "purchase" | "gift" | "tip" | "tip_multiple" | "donation" | "ad" | "feature";

/** How long a claimed key may stay "pending" before a retry may take it over (the first caller died). */
const PENDING_TAKEOVER_MS = 30_000;

export interface CheckoutSpec<T> {
  purpose: PaymentPurpose;
  amountCents: number;
  form: PaymentFormInput;
  /** What identifies the request for its idempotency key: the body without the card's secrets. */
  identity: unknown;
  /** The site settings, when the caller read them already (one read per purchase, not two). */
  settings?: SiteSettings;
  /** Business rules checked before the card is charged (owned already, price changed, ...). */
  precheck(): Promise<void>;
  /** Records the sale, tip or donation and its ledger transaction, inside the checkout's transaction. */
  record(tx: Tx, paymentId: string): Promise<T>;
  /** The answer for a payment already recorded: an idempotent retry gets exactly the first result. */
  replay(paymentId: string): Promise<T>;
}

const DECLINE_STATUS: Record<PaymentErrorCode, "payment_declined" | "payment_failed" | "validation_failed"> =
  {
    card_declined: "payment_declined",
    insufficient_funds: "payment_declined",
    expired_card: "payment_declined",
    incorrect_cvc: "payment_declined",
    invalid_card_number: "validation_failed",
    processing_error: "payment_failed",
  };

function declined(code: PaymentErrorCode): AppError {
  const field = code === "invalid_card_number" ? "cardNumber" : code === "incorrect_cvc" ? "cardCvv" : "card";
  return new AppError(DECLINE_STATUS[code], paymentErrorMessage(code), { fields: { [field]: code } });
}

/** JSON with object keys sorted, so the same request hashes the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What an idempotency key is bound to: the request without the card's secrets (only its last four digits). */
export function requestHashFor(
  purpose: string,
  amountCents: number,
  identity: unknown,
  form: PaymentFormInput,
) {
  const last4 = cardDigits(form.cardNumber ?? "").slice(-4);
  return createHash("sha256")
    .update(canonicalJson([purpose, amountCents, identity, last4]))
    .digest("hex");
}

function cardOf(form: PaymentFormInput): CardDetails {
  const exp = (form.cardExp ?? "").replace(/\D/g, "");
  return {
    number: cardDigits(form.cardNumber ?? ""),
    expMonth: Number(exp.slice(0, 2)),
    expYear: 2000 + Number(exp.slice(2, 4)),
    cvc: form.cardCvv ?? "",
    name: form.cardName ?? "",
  };
}

/**
 * Every money-moving call goes through here (spec 5 Payment, issue: Payments):
 * 1. the payment form is checked with the domain's rules (billing skipped with quickCheckout); the
 *    request schema already refused a malformed field, this adds what needs the site's settings;
 * 2. the Idempotency-Key is claimed in `payments` (unique per user): the same key with the same request
 *    returns the first result, with a different request is refused, and while the first is in flight a
 *    second gets 409 payment_in_progress, so a double click charges once;
 * 3. business rules, then the card is authorised through the gateway with the same key;
 * 4. the record (sale, tip, donation) and its balanced ledger transaction commit together, with the
 *    receipt e-mail's job (receipt-mail.job.ts), then the charge is captured. Anything that fails after
 *    the card was authorised (a refusal at step 4, a constraint, a lost connection) voids the
 *    authorisation and marks the payment failed: nothing is charged or held, and no receipt is sent.
 * A process that died between 3 and 4 leaves the payment "authorized"; the retry with its key records
 * it then (reconciliation), and the processor's own idempotency means the card is asked only once.
 * No card number or CVV is stored or logged: only the brand and last four digits.
 */
export async function checkout<T>(
  deps: CheckoutDeps,
  viewer: Viewer,
  idempotencyKey: string | undefined,
  spec: CheckoutSpec<T>,
): Promise<T> {
  const settings = spec.settings ?? (await getSiteSettings(deps.db));
  const problems = checkPaymentForm(spec.form, {
    quickCheckout: settings.quickCheckout,
    today: dayInZone(new Date(), settings.timeZone),
  });
  if (Object.keys(problems).length > 0) {
    throw validationFailed(problems as Record<string, string>, "Some payment details are not valid");
  }

  const key = idempotencyKey ?? `auto-${randomUUID()}`;
  const hash = requestHashFor(spec.purpose, spec.amountCents, spec.identity, spec.form);
  const claimed = await claimKey(deps.db, deps.payments.name, viewer.id, key, hash, spec);
  if (claimed.kind === "replay") return spec.replay(claimed.paymentId);
  const paymentId = claimed.paymentId;

  let chargeId = claimed.chargeId;
  if (!chargeId) {
    try {
      await spec.precheck();
    } catch (error) {
      await deps.db.delete(payments).where(eq(payments.id, paymentId));
      throw error;
    }
    const result = await deps.payments.authorize({
      amountCents: spec.amountCents,
      card: cardOf(spec.form),
      idempotencyKey: `${viewer.id}:${key}`,
      purpose: spec.purpose,
    });
    if (!result.ok) {
      await deps.db
        .update(payments)
        .set({ status: "failed", failure_code: result.code })
        .where(eq(payments.id, paymentId));
      throw declined(result.code);
    }
    chargeId = result.chargeId;
    try {
      await deps.db
        .update(payments)
        .set({
          status: "authorized",
          charge_id: chargeId,
          card_brand: result.brand,
          card_last4: result.last4,
        })
        .where(eq(payments.id, paymentId));
    } catch (error) {
      // The card is held and our row cannot say so (a card_last4 the table refuses was Fix 7's case):
      // release the hold now, or nobody ever will, since no row points at the charge.
      throw await abandon(deps, paymentId, chargeId, error);
    }
  }

  let outcome: { recorded: true; answer: T } | { recorded: false; status: string | undefined };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      // The payment row is locked while it is recorded. A retry that found it "authorized" because the
      // first attempt was still recording (a double click with one Idempotency-Key) waits here, then
      // sees it captured and replays: it must neither record a second time nor void the first's charge.
      const [current] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for("update");
      if (current?.status !== "authorized") return { recorded: false, status: current?.status };
      const recorded = await spec.record(tx, paymentId);
      await tx.update(payments).set({ status: "captured" }).where(eq(payments.id, paymentId));
      // The receipt e-mail is queued with the record: sent once the money is, never for a refusal or a replay.
      await queueReceiptMail(tx, paymentId);
      return { recorded: true, answer: recorded };
    });
  } catch (error) {
    throw await abandon(deps, paymentId, chargeId, error);
  }
  if (!outcome.recorded) {
    if (outcome.status === "captured") return spec.replay(paymentId);
    throw new AppError("payment_failed", "This payment did not go through; start a new one");
  }
  await deps.payments.capture(chargeId);
  return outcome.answer;
}

/**
 * A payment authorised and then not recorded, for whatever reason: a business rule the record step
 * enforces (already owned, tipped today), a constraint, a lost connection. The authorisation is voided
 * and the payment marked failed, so no money is held and a retry with the same key is told it failed
 * rather than "in progress" forever. Returns the error to answer with: the record's own AppError (a 4xx
 * the caller can act on), else the fault itself (a logged 500 without details). Should the void itself
 * fail, that error is thrown instead and the row keeps its status, for a retry to reconcile.
 */
async function abandon(deps: CheckoutDeps, paymentId: string, chargeId: string, error: unknown) {
  await deps.payments.void(chargeId);
  await deps.db
    .update(payments)
    .set({ status: "failed", failure_code: error instanceof AppError ? error.code : "record_failed" })
    .where(eq(payments.id, paymentId));
  return error;
}

type Claim =
  | { kind: "replay"; paymentId: string }
  | { kind: "new"; paymentId: string; chargeId: string | null };

async function claimKey<T>(
  db: Db,
  gateway: string,
  userId: string,
  key: string,
  hash: string,
  spec: CheckoutSpec<T>,
): Promise<Claim> {
  try {
    const [row] = await db
      .insert(payments)
      .values({
        users_id: userId,
        purpose: spec.purpose,
        amount_cents: spec.amountCents,
        status: "pending",
        gateway,
        idempotency_key: key,
        request_hash: hash,
      })
      .returning({ id: payments.id });
    return { kind: "new", paymentId: row!.id, chargeId: null };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const [existing] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.users_id, userId), eq(payments.idempotency_key, key)));
  if (!existing)
    throw new AppError("payment_in_progress", "This payment is being processed; try again shortly");
  if (existing.request_hash !== hash) {
    throw new AppError("idempotency_key_reused", "This Idempotency-Key was used for a different request");
  }
  switch (existing.status) {
    case "captured":
      return { kind: "replay", paymentId: existing.id };
    case "failed":
      throw existing.failure_code && existing.failure_code in DECLINE_STATUS
        ? declined(existing.failure_code as PaymentErrorCode)
        : new AppError("payment_failed", "This payment did not go through; start a new one");
    case "authorized":
      // Charged, not recorded: the first attempt died in between, or is recording right now. The
      // record step's row lock tells the two apart (the latter is replayed, not recorded twice).
      return { kind: "new", paymentId: existing.id, chargeId: existing.charge_id };
    default: {
      const age = Date.now() - new Date(existing.created_at).getTime();
      if (age < PENDING_TAKEOVER_MS) {
        throw new AppError("payment_in_progress", "This payment is being processed; try again shortly");
      }
      // The first attempt died before the card answered; the processor's idempotency makes asking again safe.
      const [taken] = await db
        .update(payments)
        .set({ created_at: new Date() })
        .where(and(eq(payments.id, existing.id), eq(payments.status, "pending"), isNull(payments.charge_id)))
        .returning({ id: payments.id });
      if (!taken)
        throw new AppError("payment_in_progress", "This payment is being processed; try again shortly");
      return { kind: "new", paymentId: existing.id, chargeId: null };
    }
  }
}
