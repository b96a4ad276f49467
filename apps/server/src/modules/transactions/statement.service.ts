import { type BillingDetails, BUNDLE_TYPE, dayInZone, type StatementYearsResponse } from "@market/domain";
import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  couponRedemptions,
  coupons,
  donations,
  payments,
  refunds,
  resources,
  sales,
  tips,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../platform/errors.ts";
import { getSiteSettings } from "../site/index.ts";
import { describeCard } from "./receipt-facts.ts";

/** The site a donation goes to: a statement marks such lines as donations to the site. */
export const SITE_NAME = "Lesson Loft";

export const STATEMENT_LINE_KINDS = ["purchase", "gift", "tip", "donation", "refund"] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/** One line of a yearly statement: a payment made, or a refund received (a negative amount). */
export interface StatementLine {
  at: Date;
  /** YYYY-MM-DD in the site's time zone. */
  day: string;
  kind: StatementLineKind;
  description: string;
  /** Who was paid: the creator, or the site for a donation. */
  paidTo: string;
  paidWith: string | null;
  /** The receipt number of a purchase (its sale id), else the tip's or donation's id. */
  reference: string;
  /** Cents; negative for a refund. */
  amountCents: number;
  /** A donation to the site itself (not to a creator). */
  toSite: boolean;
  /**
   * Issue 23: a purchase's seats bought, a refund's seats given back (a whole refund's: all the
   * purchase's); null for a tip or a donation.
   */
  seats: number | null;
}

export interface Statement {
  year: number;
  timeZone: string;
  account: { name: string; email: string; username: string };
  billing: BillingDetails;
  lines: StatementLine[];
  totals: { paidCents: number; refundedCents: number; netCents: number };
}

/** A calendar year's bounds in the site's time zone, for `at >= from and at < to` on timestamptz. */
function yearBounds(column: Parameters<typeof gte>[0], year: number, timeZone: string) {
  const from = sql`(${`${year}-01-01`}::date)::timestamp at time zone ${timeZone}`;
  const to = sql`(${`${year + 1}-01-01`}::date)::timestamp at time zone ${timeZone}`;
  return and(gte(column, from), lt(column, to));
}

function titleOf(title: string, type: string | null, couponCode: string | null, discount: number) {
  const bundle = type === BUNDLE_TYPE ? " (bundle)" : "";
  const coupon = discount > 0 ? ` - coupon ${couponCode ?? ""}`.trimEnd() : "";
  return `${title}${bundle}${coupon}`;
}

/** Purchases and gifts bought in the year, and refunds received in it, from the buyer's sales. */
async function saleLines(db: Db, userId: string, year: number, timeZone: string) {
  const seller = alias(users, "seller");
  const base = () =>
    db
      .select({
        sale: sales,
        refund: { seats: refunds.seats, amountCents: refunds.amount_cents, decidedAt: refunds.decided_at },
        title: resources.title,
        type: resources.type,
        sellerFirst: seller.first_name,
        sellerUsername: seller.username,
        brand: payments.card_brand,
        last4: payments.card_last4,
        couponCode: coupons.code,
      })
      .from(sales)
      .innerJoin(resources, eq(resources.id, sales.resource_id))
      .innerJoin(seller, eq(seller.id, resources.users_id))
      .innerJoin(payments, eq(payments.id, sales.payment_id))
      .leftJoin(couponRedemptions, eq(couponRedemptions.sale_id, sales.id))
      .leftJoin(coupons, eq(coupons.id, couponRedemptions.coupon_id))
      .leftJoin(refunds, and(eq(refunds.sale_id, sales.id), eq(refunds.status, "refunded")));
  const [bought, refunded, seatsRefunded] = await Promise.all([
    base().where(and(eq(sales.buyer_id, userId), yearBounds(sales.created_at, year, timeZone))),
    base().where(
      and(
        eq(sales.buyer_id, userId),
        isNotNull(sales.refunded_at),
        yearBounds(sales.refunded_at, year, timeZone),
      ),
    ),
    // A licence's unused seats given back (issue 23): the sale stays, the refund's row has the money.
    base().where(
      and(
        eq(sales.buyer_id, userId),
        isNotNull(refunds.seats),
        yearBounds(refunds.decided_at, year, timeZone),
      ),
    ),
  ]);
  /** Seats bought: those the sale keeps and any refunded since. */
  const seatsBought = (row: (typeof bought)[number]) => row.sale.seats + (row.refund?.seats ?? 0);
  const common = (row: (typeof bought)[number]) => ({
    paidTo: `${row.sellerFirst} (@${row.sellerUsername})`,
    paidWith: describeCard(row.brand, row.last4),
    reference: row.sale.id,
    toSite: false,
  });
  return [
    ...bought.map((row): StatementLine => {
      const title = titleOf(row.title, row.type, row.couponCode, row.sale.discount_cents);
      return {
        ...common(row),
        at: row.sale.created_at,
        day: dayInZone(row.sale.created_at, timeZone),
        kind: row.sale.is_gift ? "gift" : "purchase",
        description: row.sale.is_gift ? `Gift: ${title}` : title,
        amountCents: row.sale.amount_cents,
        seats: seatsBought(row),
      };
    }),
    ...refunded.map(
      (row): StatementLine => ({
        ...common(row),
        at: row.sale.refunded_at!,
        day: dayInZone(row.sale.refunded_at!, timeZone),
        kind: "refund",
        description: `Refund: ${row.title}`,
        amountCents: -row.sale.amount_cents,
        seats: row.sale.seats,
      }),
    ),
    ...seatsRefunded.map(
      (row): StatementLine => ({
        ...common(row),
        at: row.refund!.decidedAt!,
        day: dayInZone(row.refund!.decidedAt!, timeZone),
        kind: "refund",
        description: `Refund of unused seats: ${row.title}`,
        amountCents: -(row.refund!.amountCents ?? 0),
        seats: row.refund!.seats,
      }),
    ),
  ];
}

async function tipLines(db: Db, userId: string, year: number, timeZone: string) {
  const rows = await db
    .select({
      tip: tips,
      first: users.first_name,
      username: users.username,
      brand: payments.card_brand,
      last4: payments.card_last4,
    })
    .from(tips)
    .innerJoin(users, eq(users.id, tips.recipient_id))
    .innerJoin(payments, eq(payments.id, tips.payment_id))
    .where(and(eq(tips.tipper_id, userId), yearBounds(tips.created_at, year, timeZone)));
  return rows.map(
    (row): StatementLine => ({
      at: row.tip.created_at,
      day: dayInZone(row.tip.created_at, timeZone),
      kind: "tip",
      description: `Tip to ${row.first} (@${row.username})`,
      paidTo: `${row.first} (@${row.username})`,
      paidWith: describeCard(row.brand, row.last4),
      reference: row.tip.id,
      amountCents: row.tip.amount_cents,
      toSite: false,
      seats: null,
    }),
  );
}

async function donationLines(db: Db, userId: string, year: number, timeZone: string) {
  const rows = await db
    .select({ donation: donations, brand: payments.card_brand, last4: payments.card_last4 })
    .from(donations)
    .innerJoin(payments, eq(payments.id, donations.payment_id))
    .where(and(eq(donations.users_id, userId), yearBounds(donations.created_at, year, timeZone)));
  return rows.map(
    (row): StatementLine => ({
      at: row.donation.created_at,
      day: dayInZone(row.donation.created_at, timeZone),
      kind: "donation",
      description: `Donation to ${SITE_NAME} (the site)`,
      paidTo: SITE_NAME,
      paidWith: describeCard(row.brand, row.last4),
      reference: row.donation.id,
      amountCents: row.donation.amount_cents,
      toSite: true,
      seats: null,
    }),
  );
}

/** The totals of a statement's lines: what was paid, what came back, and the difference. */
export function statementTotals(lines: readonly StatementLine[]): Statement["totals"] {
  const paidCents = lines.filter((l) => l.amountCents > 0).reduce((sum, l) => sum + l.amountCents, 0);
  const refundedCents = -lines.filter((l) => l.amountCents < 0).reduce((sum, l) => sum + l.amountCents, 0);
  return { paidCents, refundedCents, netCents: paidCents - refundedCents };
}

/**
 * Everything `userId` paid in a calendar year of the site's time zone (purchases, gifts bought, tips,
 * donations) and every refund they received in it, oldest first, with totals. The billing details at
 * the top are the account's current ones (a statement covers many payments; each receipt keeps the
 * details given for its own payment). A year with nothing in it is an empty statement.
 */
export async function buildStatement(db: Db, userId: string, year: number): Promise<Statement> {
  const { timeZone } = await getSiteSettings(db);
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) throw notFound("No such account");
  const lines = (
    await Promise.all([
      saleLines(db, userId, year, timeZone),
      tipLines(db, userId, year, timeZone),
      donationLines(db, userId, year, timeZone),
    ])
  )
    .flat()
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference));
  return {
    year,
    timeZone,
    account: {
      name: `${account.first_name} ${account.last_name}`.trim(),
      email: account.email,
      username: account.username,
    },
    billing: {
      organisation: account.billing_organisation,
      address: account.billing_address,
      taxId: account.billing_tax_id,
    },
    lines,
    totals: statementTotals(lines),
  };
}

/**
 * GET /activity/statements: the years the user paid or was refunded something in, newest first, with
 * how many lines and what totals their statements have; the current year always, so there is one to ask for.
 */
export async function listStatementYears(db: Db, userId: string): Promise<StatementYearsResponse> {
  const { timeZone } = await getSiteSettings(db);
  const result = await db.execute<{ year: number; lines: number; paid: string; refunded: string }>(sql`
    with lines as (
      select created_at as at, amount_cents as paid, 0 as refunded from sales where buyer_id = ${userId}
      union all
      select refunded_at, 0, amount_cents from sales where buyer_id = ${userId} and refunded_at is not null
      union all
      select rf.decided_at, 0, rf.amount_cents from refunds rf join sales s on s.id = rf.sale_id
        where s.buyer_id = ${userId} and rf.status = 'refunded' and rf.seats is not null
      union all
      select created_at, amount_cents, 0 from tips where tipper_id = ${userId}
      union all
      select created_at, amount_cents, 0 from donations where users_id = ${userId}
    )
    select extract(year from at at time zone ${timeZone})::int as year, count(*)::int as lines,
      sum(paid)::bigint as paid, sum(refunded)::bigint as refunded
    from lines group by 1 order by 1 desc`);
  const years = result.rows.map((r) => ({
    year: Number(r.year),
    lines: Number(r.lines),
    paidCents: Number(r.paid),
    refundedCents: Number(r.refunded),
  }));
  const current = Number(dayInZone(new Date(), timeZone).slice(0, 4));
  if (!years.some((y) => y.year === current)) {
    years.push({ year: current, lines: 0, paidCents: 0, refundedCents: 0 });
    years.sort((a, b) => b.year - a.year);
  }
  return { years };
}
