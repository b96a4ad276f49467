import { type FeatureResponse, type featureRequestSchema, incomeLines } from "@market/domain";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { ledgerTransactions, payments, resources } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { byIdOrName } from "../resources/index.ts";
import { getSiteSettings } from "../site/index.ts";
import { type CheckoutDeps, checkout } from "./checkout.service.ts";
import { postLedger } from "./ledger.service.ts";

const DAY_MS = 86_400_000;

async function presentFeature(db: Db, paymentId: string): Promise<FeatureResponse> {
  const [row] = await db
    .select({ memo: ledgerTransactions.memo, amount: payments.amount_cents })
    .from(ledgerTransactions)
    .innerJoin(payments, eq(payments.id, ledgerTransactions.payment_id))
    .where(eq(ledgerTransactions.payment_id, paymentId));
  if (!row?.memo) throw notFound("No such featuring");
  const [resource] = await db.select().from(resources).where(eq(resources.id, row.memo));
  if (!resource) throw notFound("No such resource");
  return {
    resourceId: resource.id,
    resourceName: resource.name,
    featuredUntil: (resource.featured_until ?? new Date()).toISOString(),
    amount: row.amount,
  };
}

/**
 * A creator pays to feature their active resource for 1 to 30 days at featurePricePerDayCents a day
 * (platform income). Days add to a featuring that is still running; /featured drops it when it ends.
 */
export async function featureResource(
  deps: CheckoutDeps,
  viewer: Viewer,
  input: z.infer<typeof featureRequestSchema>,
  idempotencyKey: string | undefined,
): Promise<FeatureResponse> {
  const [resource] = await deps.db.select().from(resources).where(byIdOrName(input.resourceId));
  if (!resource || !(resource.users_id === viewer.id || viewer.isAdmin)) throw notFound("No such resource");
  const settings = await getSiteSettings(deps.db);
  const { cardNumber: _n, cardCvv: _c, cardExp: _e, ...identity } = input;
  const answer = await checkout(deps, viewer, idempotencyKey, {
    purpose: "feature",
    settings,
    amountCents: input.amount,
    form: input,
    identity,
    precheck: async () => {
      if (resource.approval_status !== "approved" || resource.status !== "active") {
        throw new AppError("not_for_sale", "Only a published, active resource can be featured");
      }
      if (input.amount !== input.days * settings.featurePricePerDayCents) {
        throw new AppError("price_changed", "The featuring price has changed; check it and try again", {
          fields: { amount: "price_changed" },
        });
      }
    },
    record: async (tx, paymentId) => {
      const [current] = await tx
        .select({ until: resources.featured_until, featured: resources.is_featured })
        .from(resources)
        .where(eq(resources.id, resource.id))
        .for("update");
      const from =
        current?.featured && current.until && current.until > new Date() ? current.until : new Date();
      await tx
        .update(resources)
        .set({ is_featured: true, featured_until: new Date(from.getTime() + input.days * DAY_MS) })
        .where(eq(resources.id, resource.id));
      await postLedger(tx, {
        kind: "feature",
        paymentId,
        memo: resource.id,
        lines: incomeLines(input.amount),
      });
      return presentFeature(tx as unknown as Db, paymentId);
    },
    replay: (paymentId) => presentFeature(deps.db, paymentId),
  });
  catalogueChanged(deps.db);
  return answer;
}
