import type { ExceptionsSummary } from "@market/domain";
import { count, countDistinct, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  advertisements,
  payouts,
  refunds,
  resources,
  reviewReports,
  supportThreads,
} from "../../db/schema/index.ts";

/**
 * What waits for an admin in each exception queue (spec 3: Admin queues), counted with the same conditions
 * the queues list by, each on its own index (review, status). Support threads waiting are the open ones: a
 * user wrote and no admin has answered yet. Reported reviews are the reviews with an open report
 * (review_reports_open_idx), each counted once however many readers reported it. Refund requests waiting
 * are those still "requested" (refunds_status_idx).
 */
export async function summarizeExceptions(db: Db): Promise<ExceptionsSummary> {
  const [[ads], [queued], [requested], [threads], [reported], [refundRequests]] = await Promise.all([
    db
      .select({ n: count() })
      .from(advertisements)
      .where(eq(advertisements.approval_status, "awaiting_approval")),
    db.select({ n: count() }).from(resources).where(eq(resources.approval_status, "awaiting_approval")),
    db
      .select({ n: count(), cents: sql<string>`coalesce(sum(${payouts.amount_cents}), 0)` })
      .from(payouts)
      .where(eq(payouts.status, "requested")),
    db.select({ n: count() }).from(supportThreads).where(eq(supportThreads.status, "open")),
    db
      .select({ n: countDistinct(reviewReports.review_id) })
      .from(reviewReports)
      .where(isNull(reviewReports.resolved_at)),
    db.select({ n: count() }).from(refunds).where(eq(refunds.status, "requested")),
  ]);
  return {
    advertisements: ads?.n ?? 0,
    resources: queued?.n ?? 0,
    payouts: requested?.n ?? 0,
    totalEligiblePayouts: Number(requested?.cents ?? 0),
    supportThreads: threads?.n ?? 0,
    reviews: reported?.n ?? 0,
    refunds: refundRequests?.n ?? 0,
  };
}
