import { randomBytes } from "node:crypto";
import {
  type BillingDetails,
  dayInZone,
  licenceTotalCents,
  type PurchaseRequest,
  type PurchaseResponse,
  saleLines,
} from "@market/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { licenceSeats, payments, resources, sales, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import type { AppDeps } from "../../platform/app-types.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { type BuyerQuote, type CouponRow, giftSingleSeat, quoteFor } from "../commerce/index.ts";
import { boughtBy, byIdOrName } from "../resources/index.ts";
import { getSiteSettings } from "../site/index.ts";
import { type CheckoutDeps, checkout } from "./checkout.service.ts";
import { postLedger } from "./ledger.service.ts";
import { giftLinkUrl } from "./receipt-mail.job.ts";

const DAY_MS = 86_400_000;
/** Gift codes: 20 characters of an alphabet without look-alikes, about 100 bits. */
const GIFT_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newGiftCode = () => [...randomBytes(20)].map((b) => GIFT_ALPHABET[b % GIFT_ALPHABET.length]).join("");

async function ownedBy(db: Db, resourceId: string, userId: string) {
  const result = await db.execute<{ owned: boolean }>(sql`select ${boughtBy(resourceId, userId)} as owned`);
  return result.rows[0]?.owned === true;
}

/**
 * One use of the coupon by this buyer, inside the sale's transaction: the guarded increment never lets
 * `uses` pass `max_uses` (two buyers racing for the last use: one gets coupon_used_up), and the
 * redemption's key refuses the same buyer twice. Either refusal rolls the sale back and voids the card.
 */
async function redeemCoupon(tx: Tx, coupon: CouponRow, buyerId: string, saleId: string) {
  const taken = await tx.execute(
    sql`update coupons set uses = uses + 1 where id = ${coupon.id} and uses < max_uses returning id`,
  );
  if (taken.rows.length === 0) {
    throw new AppError("coupon_used_up", "This coupon code has been used as many times as it allows");
  }
  const redeemed = await tx.execute(
    sql`insert into coupon_redemptions (coupon_id, buyer_id, sale_id) values (${coupon.id}, ${buyerId}, ${saleId})
        on conflict do nothing returning sale_id`,
  );
  if (redeemed.rows.length === 0) {
    throw new AppError("coupon_already_used", "You have already used this coupon code");
  }
}

/**
 * The buyer's organisation details on this payment's receipt; with `save`, also kept in their settings
 * for the next checkout (issue 22). Empty parts are stored as null.
 */
async function recordBilling(
  tx: Tx,
  paymentId: string,
  userId: string,
  billing: BillingDetails,
  save: boolean | undefined,
) {
  const clean: BillingDetails = {
    organisation: billing.organisation || null,
    address: billing.address || null,
    taxId: billing.taxId || null,
  };
  await tx.update(payments).set({ billing: clean }).where(eq(payments.id, paymentId));
  if (save) {
    await tx
      .update(users)
      .set({
        billing_organisation: clean.organisation,
        billing_address: clean.address,
        billing_tax_id: clean.taxId,
      })
      .where(eq(users.id, userId));
  }
}

/** A ref code that credits somebody else: the referrer of this sale (spec 3: Sale has refCode). */
async function referrerCode(db: Db, refCode: string | undefined, buyerId: string) {
  if (!refCode) return null;
  const [referrer] = await db
    .select({ id: users.id, ref_code: users.ref_code })
    .from(users)
    .where(eq(users.ref_code, refCode.toUpperCase()));
  return referrer && referrer.id !== buyerId ? referrer.ref_code : null;
}

async function presentSale(db: Db, paymentId: string, publicUrl: string): Promise<PurchaseResponse> {
  const [row] = await db
    .select({ sale: sales, name: resources.name, buyerRef: users.ref_code })
    .from(sales)
    .innerJoin(resources, eq(resources.id, sales.resource_id))
    .innerJoin(users, eq(users.id, sales.buyer_id))
    .where(eq(sales.payment_id, paymentId));
  if (!row) throw notFound("No such sale");
  const { sale } = row;
  return {
    sale: {
      saleId: sale.id,
      amount: sale.amount_cents,
      refCode: sale.ref_code,
      isGift: sale.is_gift,
      seats: sale.seats,
    },
    resourceId: sale.resource_id,
    resourceName: row.name,
    giftUri:
      sale.is_gift && sale.gift_code ? giftLinkUrl(publicUrl, row.name, row.buyerRef, sale.gift_code) : null,
  };
}

/**
 * POST /transactions/resource/purchase (and .../gift/{code}): buys a listed paid resource or bundle at the
 * price the buyer saw (commerce/pricing.service.ts: the best running sale, less a coupon, less a bundle's
 * credit for what they own). The creator's share (after salesFeePercent) becomes eligible for payout
 * payoutHoldDays later; the buyer owns the resource (a bundle: each of its resources), or a gift code is
 * made. A site coupon's discount is the platform's (ledger saleLines), a creator's coupon the creator's.
 * With `seats` (issue 23) it is a licence: `amount` is the buyer's own seat at that price plus each
 * colleague's seat at the additional-seat price, and the colleagues' seats (licence_seats slots 1 to
 * seats - 1) are made free with the sale, for the buyer to give (modules/licences). The ledger posts the
 * whole amount as one sale; a site coupon's discount is the first seat's.
 */
export async function purchaseResource(
  deps: CheckoutDeps & Pick<AppDeps, "config">,
  viewer: Viewer,
  input: PurchaseRequest,
  opts: { idempotencyKey?: string; gift: boolean; refCodeHeader?: string },
): Promise<PurchaseResponse> {
  const seats = input.seats ?? 1;
  if (opts.gift && seats > 1) throw giftSingleSeat();
  const [resource] = await deps.db.select().from(resources).where(byIdOrName(input.resourceId));
  if (resource?.approval_status !== "approved" || resource.status !== "active") {
    throw notFound("No such resource");
  }
  const settings = await getSiteSettings(deps.db);
  const now = new Date();
  const today = dayInZone(now, settings.timeZone);
  const refCode = await referrerCode(deps.db, input.refCode ?? opts.refCodeHeader, viewer.id);
  const { cardNumber: _n, cardCvv: _c, cardExp: _e, ...identity } = input;
  // Priced once: by the precheck, or (a retry reconciling a checkout that died after the charge, which
  // skips the precheck) when the sale is recorded.
  let quote: BuyerQuote | undefined;
  const priceNow = async (db: Db) => {
    quote ??= await quoteFor(db, {
      resource,
      buyerId: viewer.id,
      couponCode: input.couponCode,
      gift: opts.gift,
      today,
      now,
      seatPercent: settings.additionalSeatPercent,
    });
    return quote;
  };

  return checkout(deps, viewer, opts.idempotencyKey, {
    purpose: opts.gift ? "gift" : "purchase",
    settings,
    amountCents: input.amount,
    form: input,
    identity: { ...identity, gift: opts.gift },
    precheck: async () => {
      if (resource.price === 0)
        throw new AppError("not_for_sale", "This resource is free: download it instead");
      if (resource.users_id === viewer.id)
        throw new AppError("not_for_sale", "You cannot buy your own resource");
      if (!opts.gift && (await ownedBy(deps.db, resource.id, viewer.id))) {
        throw new AppError("already_owned", "You already own this resource");
      }
      const { priceCents, seatCents } = await priceNow(deps.db);
      if (priceCents === 0) {
        throw new AppError("nothing_to_pay", "You already own everything in this bundle");
      }
      if (input.amount !== licenceTotalCents(priceCents, seatCents, seats)) {
        throw new AppError("price_changed", "The price has changed; check it and try again", {
          fields: { amount: "price_changed" },
        });
      }
    },
    record: async (tx, paymentId) => {
      // In the transaction: on the embedded database, a read outside it would wait for it to end.
      const { coupon, discountCents, creditCents, seatCents } = await priceNow(tx as unknown as Db);
      const [sale] = await tx
        .insert(sales)
        .values({
          resource_id: resource.id,
          buyer_id: viewer.id,
          amount_cents: input.amount,
          discount_cents: discountCents,
          credit_cents: creditCents,
          ref_code: refCode,
          is_gift: opts.gift,
          gift_code: opts.gift ? newGiftCode() : null,
          seats,
          seat_price_cents: seats > 1 ? seatCents : 0,
          payment_id: paymentId,
        })
        .onConflictDoNothing()
        .returning({ id: sales.id });
      if (!sale) throw new AppError("already_owned", "You already own this resource");
      if (coupon) await redeemCoupon(tx, coupon, viewer.id, sale.id);
      // Insight's purchases stay a count of sales (migration 0023's trigger on sales): a licence for
      // colleagues is one purchase however many seats, and its revenue is the whole amount.
      if (seats > 1) {
        const slots = Array.from({ length: seats - 1 }, (_, i) => ({ sale_id: sale.id, slot: i + 1 }));
        await tx.insert(licenceSeats).values(slots);
      }
      if (input.billing) await recordBilling(tx, paymentId, viewer.id, input.billing, input.saveBilling);
      await postLedger(tx, {
        kind: opts.gift ? "gift" : "sale",
        paymentId,
        memo: resource.name,
        lines: saleLines({
          amountCents: input.amount,
          feePercent: settings.salesFeePercent,
          creatorId: resource.users_id,
          platformDiscountCents: coupon && coupon.ownerId === null ? discountCents : 0,
        }),
        eligibleAt: new Date(Date.now() + settings.payoutHoldDays * DAY_MS),
      });
      return presentSale(tx as unknown as Db, paymentId, deps.config.publicUrl);
    },
    replay: (paymentId) => presentSale(deps.db, paymentId, deps.config.publicUrl),
  });
}

/**
 * A signed-in user claims a gift by its code: the resource is theirs at once (a visitor signs up first).
 * Claiming twice is harmless; a gift somebody else claimed is refused.
 */
export async function claimGift(db: Db, viewer: Viewer, giftCode: string) {
  const [gift] = await db
    .select({ sale: sales, name: resources.name })
    .from(sales)
    .innerJoin(resources, eq(resources.id, sales.resource_id))
    .where(and(eq(sales.gift_code, giftCode.toUpperCase()), eq(sales.is_gift, true)));
  // A refunded gift grants nothing: its link is answered like an unknown one.
  if (!gift || gift.sale.refunded_at !== null) throw notFound("No such gift");
  if (gift.sale.buyer_id === viewer.id) {
    throw new AppError("gift_already_claimed", "Send this gift link to the teacher it is for");
  }
  if (gift.sale.recipient_id === null) {
    const [claimed] = await db
      .update(sales)
      .set({ recipient_id: viewer.id, claimed_at: new Date() })
      .where(and(eq(sales.id, gift.sale.id), isNull(sales.recipient_id)))
      .returning({ recipient: sales.recipient_id });
    if (!claimed) return claimGift(db, viewer, giftCode);
  } else if (gift.sale.recipient_id !== viewer.id) {
    throw new AppError("gift_already_claimed", "This gift was already claimed");
  }
  return { resourceId: gift.sale.resource_id, resourceName: gift.name, saleId: gift.sale.id };
}
