import {
  type AdType,
  checkAdSpend,
  estimateAd,
  incomeLines,
  missingAdFields,
  type PaymentFormInput,
} from "@market/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisements } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError, validationFailed } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/index.ts";
import { checkout, postLedger } from "../transactions/index.ts";
import { adDraft, isAdSubmittable, loadOwnAd, SUBMITTABLE_STATUSES } from "./ads.policy.ts";
import { presentAd } from "./ads.presenter.ts";

/** What an ad's spend buys (the estimate) and paying for it, which sends it to review. */

/**
 * GET /advertisements/estimate (DECISIONS.md, Estimate): the type's average daily impressions and
 * click-through over the last 30 days and the daily spend of the ads running now, through the domain's
 * estimateAd.
 */
export async function estimate(
  db: Db,
  input: { spend_per_day: number; run_days_total: number; ad_type: AdType },
) {
  const settings = await getSiteSettings(db);
  const [history] = await db
    .execute<{ impressions: string; clicks: string; running: string }>(sql`
      select
        coalesce((select sum(s.impressions) from ad_daily_stats s join advertisements a on a.id = s.ad_id
                  where a.ad_type = ${input.ad_type} and s.day > current_date - 30), 0) as impressions,
        coalesce((select sum(s.clicks) from ad_daily_stats s join advertisements a on a.id = s.ad_id
                  where a.ad_type = ${input.ad_type} and s.day > current_date - 30), 0) as clicks,
        coalesce((select sum(spend_per_day) from advertisements
                  where ad_type = ${input.ad_type} and approval_status = 'approved' and running_status = 'running'
                    and (ends_at is null or ends_at > now())), 0) as running`)
    .then((r) => r.rows);
  const impressions = Number(history?.impressions ?? 0);
  const clicks = Number(history?.clicks ?? 0);
  return estimateAd({
    spendPerDayCents: input.spend_per_day,
    runDaysTotal: input.run_days_total,
    cpmCents: settings.adCpmCents[input.ad_type],
    runningDailySpendCents: Number(history?.running ?? 0),
    averageDailyImpressions: impressions / 30,
    clickThroughRate: impressions > 0 ? clicks / impressions : null,
  });
}

/**
 * The payment step: a complete ad (every required field, spend at least the type's minimums) is paid
 * through the checkout (ledger: ad income) and goes to review as awaiting_approval. Admin ads skip the
 * spend requirements and the payment: they go to review directly.
 */
export async function payForAd(
  deps: Pick<AppDeps, "db" | "payments">,
  viewer: Viewer,
  id: string,
  input: { amount?: number; form?: PaymentFormInput },
  idempotencyKey: string | undefined,
) {
  const row = await loadOwnAd(deps.db, viewer, id);
  const settings = await getSiteSettings(deps.db);
  const submittable = isAdSubmittable(row);
  const alreadySubmitted = () => new AppError("conflict", "This ad was already submitted");
  /** Every required field, and a spend of at least the type's minimums: the total to pay. */
  const assertComplete = () => {
    const missing = missingAdFields(adDraft(row));
    if (missing.length > 0) throw validationFailed(Object.fromEntries(missing.map((f) => [f, "required"])));
    const spend = checkAdSpend({
      spendPerDayCents: row.spend_per_day,
      runDaysTotal: row.run_days_total,
      minimums: settings.adMinimums[row.ad_type as AdType],
      isAdmin: viewer.isAdmin,
    });
    if (spend.problems.length > 0) throw validationFailed({ spend_per_day: spend.problems[0]! });
    return spend.totalCostCents;
  };
  const priceChanged = () =>
    new AppError("price_changed", "The ad's total changed; check it and try again", {
      fields: { amount: "price_changed" },
    });
  // Only a draft or a rejected ad is submitted, checked again as the payment is recorded: two payments
  // at once (two keys, or none) both pass the precheck, and the second must then be voided, not kept.
  // So is the spend the total was taken from: a change saved meanwhile (PATCH) would leave an ad paid at
  // one total running at another. Pick<Db, ...>: the database or the checkout's transaction.
  const submit = async (db: Pick<Db, "update" | "select">, paymentId: string | null) => {
    const [updated] = await db
      .update(advertisements)
      .set({
        approval_status: "awaiting_approval",
        review_comment: null,
        payment_id: paymentId,
        updated_at: new Date(),
      })
      .where(
        and(
          eq(advertisements.id, row.id),
          inArray(advertisements.approval_status, [...SUBMITTABLE_STATUSES]),
          eq(advertisements.spend_per_day, row.spend_per_day),
          eq(advertisements.run_days_total, row.run_days_total),
        ),
      )
      .returning();
    if (updated) return updated;
    const [now] = await db.select().from(advertisements).where(eq(advertisements.id, row.id));
    throw now && isAdSubmittable(now) ? priceChanged() : alreadySubmitted();
  };

  if (viewer.isAdmin && row.is_admin_ad) {
    if (!submittable) throw alreadySubmitted();
    assertComplete();
    return presentAd(await submit(deps.db, null), viewer);
  }
  // A submitted ad may be this very payment sent again: its Idempotency-Key replays the first answer in
  // the checkout, whose precheck refuses anything else. So "already submitted" is the precheck's to say.
  const total = submittable ? assertComplete() : row.spend_per_day * row.run_days_total;
  if (input.amount !== total) throw priceChanged();
  return checkout(deps, viewer, idempotencyKey, {
    purpose: "ad",
    amountCents: total,
    form: input.form ?? {},
    identity: { adId: row.id, amount: total },
    precheck: async () => {
      if (!submittable) throw alreadySubmitted();
    },
    record: async (tx, paymentId) => {
      const updated = await submit(tx, paymentId);
      await postLedger(tx, { kind: "ad", paymentId, memo: row.id, lines: incomeLines(total) });
      return presentAd(updated, viewer);
    },
    replay: async () => presentAd(await loadOwnAd(deps.db, viewer, row.id), viewer),
  });
}
