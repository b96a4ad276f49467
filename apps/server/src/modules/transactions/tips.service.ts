import {
  checkDonationAmountCents,
  checkTipAmountCents,
  checkTipNote,
  type DonateResponse,
  dayInZone,
  incomeLines,
  type PaymentFormInput,
  SENT_TIPS_PAGE_SIZE,
  type SentTipsResponse,
  type TipResponse,
  tipLines,
} from "@market/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { donations, tips, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { AppError, notFound, validationFailed } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { getSiteSettings } from "../site/index.ts";
import { type CheckoutDeps, checkout } from "./checkout.service.ts";
import { postLedger } from "./ledger.service.ts";

const DAY_MS = 86_400_000;

const alreadyToday = () =>
  new AppError("tip_already_sent_today", "You already tipped this creator today; you can tip again tomorrow");

async function presentTips(db: Db, paymentId: string): Promise<TipResponse> {
  const rows = await db.select().from(tips).where(eq(tips.payment_id, paymentId));
  return {
    tips: rows.map((t) => ({ tipId: t.id, recipientId: t.recipient_id, amount: t.amount_cents })),
    total: rows.reduce((sum, t) => sum + t.amount_cents, 0),
  };
}

/**
 * POST /transactions/tip/purchase/{recipientId} and /transactions/tip/multiple: one charge, one tip per
 * creator. A tip to the same creator is allowed once per calendar day in the site's time zone (spec 5),
 * enforced by a unique index, so two simultaneous tips cannot both pass: the loser's charge is voided.
 */
export async function sendTips(
  deps: CheckoutDeps,
  viewer: Viewer,
  input: { recipientIds: string[]; amount: number; tipNote?: string; form: PaymentFormInput },
  idempotencyKey: string | undefined,
): Promise<TipResponse> {
  const recipientIds = [...new Set(input.recipientIds)];
  const amountProblem = checkTipAmountCents(input.amount);
  const noteProblem = checkTipNote(input.tipNote);
  if (amountProblem || noteProblem) {
    throw validationFailed({
      ...(amountProblem ? { amount: amountProblem } : {}),
      ...(noteProblem ? { tipNote: noteProblem } : {}),
    });
  }
  if (recipientIds.some((id) => !isUuid(id))) throw notFound("No such creator");
  if (recipientIds.includes(viewer.id)) {
    throw validationFailed({ recipientId: "self" }, "You cannot tip yourself");
  }
  const settings = await getSiteSettings(deps.db);
  const tipDay = dayInZone(new Date(), settings.timeZone);

  return checkout(deps, viewer, idempotencyKey, {
    purpose: recipientIds.length > 1 ? "tip_multiple" : "tip",
    settings,
    amountCents: input.amount * recipientIds.length,
    form: input.form,
    identity: { recipientIds, amount: input.amount, tipNote: input.tipNote ?? null },
    precheck: async () => {
      const found = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, recipientIds), eq(users.is_deactivated, false)));
      if (found.length !== recipientIds.length) throw notFound("No such creator");
      const sent = await deps.db
        .select({ id: tips.id })
        .from(tips)
        .where(
          and(
            eq(tips.tipper_id, viewer.id),
            inArray(tips.recipient_id, recipientIds),
            eq(tips.tip_day, tipDay),
          ),
        )
        .limit(1);
      if (sent.length > 0) throw alreadyToday();
    },
    record: async (tx, paymentId) => {
      for (const recipientId of recipientIds) {
        try {
          await tx.insert(tips).values({
            tipper_id: viewer.id,
            recipient_id: recipientId,
            amount_cents: input.amount,
            tip_note: input.tipNote?.trim() || null,
            tip_day: tipDay,
            payment_id: paymentId,
          });
        } catch (error) {
          throw isUniqueViolation(error) ? alreadyToday() : error;
        }
        await postLedger(tx, {
          kind: "tip",
          paymentId,
          lines: tipLines({
            amountCents: input.amount,
            feePercent: settings.tipFeePercent,
            creatorId: recipientId,
          }),
          eligibleAt: new Date(Date.now() + settings.payoutHoldDays * DAY_MS),
        });
      }
      return presentTips(tx as unknown as Db, paymentId);
    },
    replay: (paymentId) => presentTips(deps.db, paymentId),
  });
}

/**
 * The donation's answer, from its own row only: a replay with its Idempotency-Key must get exactly the
 * first answer, which the donor's donation_date (moved on by any later donation) would not give.
 */
async function presentDonation(db: Db, paymentId: string): Promise<DonateResponse> {
  const [donation] = await db.select().from(donations).where(eq(donations.payment_id, paymentId));
  if (!donation) throw notFound("No such donation");
  return {
    donation: { donationId: donation.id, amount: donation.amount_cents, placement: donation.placement },
    donation_date: donation.created_at.toISOString(),
  };
}

/**
 * POST /transactions/donate/purchase: a donation to the site (platform income in the ledger). It sets the
 * donor's donation_date, which hides ads for donors while donatedAdFreeMode is on.
 */
export async function donate(
  deps: CheckoutDeps,
  viewer: Viewer,
  input: { amount: number; placement: string; form: PaymentFormInput },
  idempotencyKey: string | undefined,
): Promise<DonateResponse> {
  const problem = checkDonationAmountCents(input.amount);
  if (problem) {
    throw validationFailed({ amount: problem }, "A donation is from $1 to $1,000");
  }
  return checkout(deps, viewer, idempotencyKey, {
    purpose: "donation",
    amountCents: input.amount,
    form: input.form,
    identity: { amount: input.amount, placement: input.placement },
    precheck: async () => {},
    record: async (tx, paymentId) => {
      const [donation] = await tx
        .insert(donations)
        .values({
          users_id: viewer.id,
          amount_cents: input.amount,
          placement: input.placement,
          payment_id: paymentId,
        })
        .returning({ created_at: donations.created_at });
      // The donor's donation_date is this donation's moment, the one its answer reports.
      await tx.update(users).set({ donation_date: donation!.created_at }).where(eq(users.id, viewer.id));
      await postLedger(tx, { kind: "donation", paymentId, lines: incomeLines(input.amount) });
      return presentDonation(tx as unknown as Db, paymentId);
    },
    replay: (paymentId) => presentDonation(deps.db, paymentId),
  });
}

/**
 * GET /transactions/tips/sent: the viewer's own tips, newest first, with their count and sum (the tip
 * summary pages). The unique index on (tipper_id, recipient_id, tip_day) serves the filter; one user's
 * tips are few enough to sort.
 */
export async function listSentTips(db: Db, viewerId: string, page: number): Promise<SentTipsResponse> {
  const offset = (page - 1) * SENT_TIPS_PAGE_SIZE;
  const [rows, totals] = await Promise.all([
    db
      .select({
        tipId: tips.id,
        amount: tips.amount_cents,
        tipNote: tips.tip_note,
        created_at: tips.created_at,
        recipientId: users.id,
        username: users.username,
        firstName: users.first_name,
      })
      .from(tips)
      .innerJoin(users, eq(users.id, tips.recipient_id))
      .where(eq(tips.tipper_id, viewerId))
      .orderBy(desc(tips.created_at), desc(tips.id))
      .limit(SENT_TIPS_PAGE_SIZE)
      .offset(offset),
    db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${tips.amount_cents}), 0)::int`,
      })
      .from(tips)
      .where(eq(tips.tipper_id, viewerId)),
  ]);
  return {
    tips: rows.map((row) => ({
      tipId: row.tipId,
      amount: row.amount,
      tipNote: row.tipNote,
      created_at: row.created_at.toISOString(),
      recipient: { id: row.recipientId, username: row.username, first_name: row.firstName },
    })),
    count: totals[0]?.count ?? 0,
    totalAmount: totals[0]?.total ?? 0,
    page,
    pageSize: SENT_TIPS_PAGE_SIZE,
  };
}
