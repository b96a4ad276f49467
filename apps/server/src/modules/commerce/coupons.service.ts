import {
  type Coupon,
  type CouponCreate,
  type CouponQuote,
  checkCouponExpiry,
  couponState,
  dayInZone,
  licenceTotalCents,
  PROMOTION_LIST_MAX,
} from "@market/domain";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { couponResources, coupons, resources } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { AppError, forbidden, notFound, validationFailed } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { getSiteSettings } from "../site/index.ts";
import { giftSingleSeat, quoteFor } from "./pricing.service.ts";
import { checkChosenResources, chosenTitles, siteTimeZone } from "./promotion-scope.ts";

/**
 * Coupon codes (issue 22). A creator's code takes money off their own resources and they bear it; an
 * admin's site-wide code (`siteWide: true`, stored with users_id null) works on anybody's resources and
 * the platform bears it (ledger saleLines). Codes are unique site-wide, stored upper-case. Uses are
 * counted by the checkout (purchase.service.ts redeemCoupon), never past max_uses, once per buyer.
 */

type CouponRow = typeof coupons.$inferSelect;

async function presentCoupons(db: Db, rows: CouponRow[]): Promise<Coupon[]> {
  const titles = await chosenTitles(
    db,
    "coupon_resources",
    rows.filter((r) => !r.all_resources).map((r) => r.id),
  );
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    siteWide: row.users_id === null,
    allResources: row.all_resources,
    resources: row.all_resources ? [] : (titles.get(row.id) ?? []),
    expiresAt: row.expires_at.toISOString(),
    maxUses: row.max_uses,
    uses: row.uses,
    state: couponState(
      { disabledAt: row.disabled_at, expiresAt: row.expires_at, uses: row.uses, maxUses: row.max_uses },
      now,
    ),
    createdAt: row.created_at.toISOString(),
  }));
}

/** An expiry as given: a date means the end of that day in the site's time zone; a date-time is exact. */
async function expiryOf(db: Db, expiresAt: string): Promise<Date> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresAt)) return new Date(expiresAt);
  const zone = await siteTimeZone(db);
  const result = await db.execute<{ at: string | Date }>(
    sql`select ((${expiresAt}::date + 1)::timestamp at time zone ${zone}) as at`,
  );
  return new Date(result.rows[0]!.at);
}

/**
 * POST /coupons. A site-wide code is an admin's alone (403 for anybody else). The expiry is in the
 * future and within COUPON_LIMITS.maxDaysAhead; chosen resources are the creator's own (a site code:
 * any listed ones). A code somebody already has is 409 coupon_code_taken, decided by the unique key.
 */
export async function createCoupon(db: Db, viewer: Viewer, input: CouponCreate): Promise<Coupon> {
  const siteWide = input.siteWide === true;
  if (siteWide && !viewer.isAdmin) throw forbidden("Only admins make site-wide codes");
  const expiresAt = await expiryOf(db, input.expiresAt);
  const expiry = checkCouponExpiry(expiresAt, new Date());
  if (expiry) throw validationFailed({ expiresAt: expiry }, "A code expires in the future, within a year");
  const ownerId = siteWide ? null : viewer.id;
  const chosen = input.resourceIds ? await checkChosenResources(db, input.resourceIds, ownerId) : null;
  try {
    const row = await db.transaction(async (tx) => {
      const [coupon] = await tx
        .insert(coupons)
        .values({
          code: input.code,
          users_id: ownerId,
          created_by: viewer.id,
          percent_off: input.percentOff ?? null,
          amount_off_cents: input.amountOffCents ?? null,
          all_resources: chosen === null,
          expires_at: expiresAt,
          max_uses: input.maxUses,
        })
        .returning();
      if (chosen) {
        await tx
          .insert(couponResources)
          .values(chosen.map((resource_id) => ({ coupon_id: coupon!.id, resource_id })));
      }
      return coupon!;
    });
    const [presented] = await presentCoupons(db, [row]);
    return presented!;
  } catch (error) {
    if (isUniqueViolation(error, "coupons_code_key")) {
      throw new AppError("coupon_code_taken", "This code is taken; choose another", {
        fields: { code: "coupon_code_taken" },
      });
    }
    throw error;
  }
}

/** GET /coupons/self: the viewer's own codes, newest first (coupons_user_idx). */
export async function listOwnCoupons(db: Db, viewer: Viewer): Promise<{ coupons: Coupon[] }> {
  const rows = await db
    .select()
    .from(coupons)
    .where(eq(coupons.users_id, viewer.id))
    .orderBy(desc(coupons.created_at))
    .limit(PROMOTION_LIST_MAX);
  return { coupons: await presentCoupons(db, rows) };
}

/** GET /admin/coupons: the site's codes, whichever admin made them, newest first. */
export async function listSiteCoupons(db: Db): Promise<{ coupons: Coupon[] }> {
  const rows = await db
    .select()
    .from(coupons)
    .where(isNull(coupons.users_id))
    .orderBy(desc(coupons.created_at))
    .limit(PROMOTION_LIST_MAX);
  return { coupons: await presentCoupons(db, rows) };
}

/**
 * DELETE /coupons/{id}: ends a code now (disabled_at; the checkout refuses it like an expired one). Its
 * creator may end their own code, an admin any code (a site code, or a creator's that is abused).
 * Anybody else gets 404, as for a code that does not exist. Ending it twice keeps the first time.
 */
export async function endCoupon(db: Db, viewer: Viewer, id: string): Promise<{ ended: true }> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row || !(viewer.isAdmin || row.users_id === viewer.id)) throw notFound("No such coupon code");
  await db
    .update(coupons)
    .set({ disabled_at: new Date() })
    .where(and(eq(coupons.id, id), isNull(coupons.disabled_at)));
  return { ended: true };
}

/**
 * GET /coupons/{code}/quote: what the viewer would pay for a listed paid resource with the code, priced
 * as the checkout prices it (pricing.service.ts quoteFor), or the code's refusal (coupon_not_found,
 * coupon_expired, coupon_used_up, coupon_not_for_resource, coupon_already_used).
 */
export async function quoteCoupon(
  db: Db,
  viewer: Viewer,
  code: string,
  query: { resourceId: string; gift?: boolean | undefined; seats?: number | undefined },
): Promise<CouponQuote> {
  const [resource] = await db
    .select()
    .from(resources)
    .where(
      isUuid(query.resourceId)
        ? eq(resources.id, query.resourceId)
        : eq(resources.name, query.resourceId.toLowerCase()),
    );
  if (resource?.approval_status !== "approved" || resource.status !== "active") {
    throw notFound("No such resource");
  }
  if (resource.price === 0) throw new AppError("not_for_sale", "This resource is free: download it instead");
  if (resource.users_id === viewer.id) throw new AppError("not_for_sale", "You cannot buy your own resource");
  const seats = query.seats ?? 1;
  if (query.gift === true && seats > 1) throw giftSingleSeat();
  const now = new Date();
  const settings = await getSiteSettings(db);
  const today = dayInZone(now, settings.timeZone);
  const base = {
    resource,
    buyerId: viewer.id,
    gift: query.gift === true,
    today,
    now,
    seatPercent: settings.additionalSeatPercent,
  };
  const withCode = await quoteFor(db, { ...base, couponCode: code });
  const without = await quoteFor(db, base);
  // The colleagues' seats cost the same with or without the code: it is the buyer's own seat's.
  return {
    code: withCode.coupon!.code,
    beforeCents: licenceTotalCents(without.priceCents, without.seatCents, seats),
    discountCents: withCode.discountCents,
    priceCents: licenceTotalCents(withCode.priceCents, withCode.seatCents, seats),
  };
}
