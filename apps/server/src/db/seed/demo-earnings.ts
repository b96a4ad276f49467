import { randomUUID } from "node:crypto";
import {
  DEFAULT_SITE_SETTINGS,
  dayInZone,
  type LedgerLine,
  payoutLines,
  saleLines,
  tipLines,
} from "@market/domain";
import { SANDBOX_CHARGE_PREFIX } from "../../platform/payments.ts";
import type { ledgerEntries, ledgerTransactions, payments, payouts, sales, tips } from "../schema/index.ts";

/**
 * The demo creator's earnings: ten months of sales of their resources and tips from other demo accounts,
 * recorded as the checkout records them (a captured payment, the sale or tip, a balanced ledger
 * transaction with its platform fee and its hold), and one payout paid along the way; and the purchases
 * of the teachers who review paid resources (demo-reviews.ts), recorded alike for each resource's creator. Most of it is past
 * `payoutHoldDays`, so signing in as the demo creator shows a chart with history and a payout can be
 * requested at once; the last few days are still held.
 */

const DAY_MS = 86_400_000;

/** The catalogue's dearest resources, which the seed never sells (the purchase journeys buy them). */
const DEAREST_KEPT_UNSOLD = 16;

/** Who earns: the demo creator whose earnings page has something to show. */
export const DEMO_EARNER = "creator1";

export interface DemoEarningsPlan {
  payments: (typeof payments.$inferInsert)[];
  sales: (typeof sales.$inferInsert)[];
  tips: (typeof tips.$inferInsert)[];
  ledgerTransactions: (typeof ledgerTransactions.$inferInsert)[];
  ledgerEntries: (typeof ledgerEntries.$inferInsert)[];
  payouts: (typeof payouts.$inferInsert)[];
}

interface Account {
  id: string;
  username: string;
  created_at: Date;
}

interface SellableResource {
  id: string;
  name: string;
  users_id: string;
  price: number;
  published_at: Date;
}

/** A purchase planned elsewhere (a reviewer's), of any creator's resource. */
export interface DemoPurchase {
  buyerId: string;
  resourceId: string;
  at: Date;
}

type DemoEvent =
  | { daysAgo: number; kind: "sale"; buyer: string }
  | { daysAgo: number; kind: "tip"; tipper: string; amount: number; note: string | null }
  | { daysAgo: number; kind: "payout" };

/** Oldest first. Buyers and tippers joined before (content.ts: joined_days_ago); an event with none is skipped. */
const EVENTS: readonly DemoEvent[] = [
  { daysAgo: 352, kind: "sale", buyer: "admin" },
  { daysAgo: 334, kind: "sale", buyer: "creator2" },
  { daysAgo: 318, kind: "sale", buyer: "creator3" },
  { daysAgo: 299, kind: "sale", buyer: "admin" },
  { daysAgo: 286, kind: "sale", buyer: "creator2" },
  { daysAgo: 270, kind: "tip", tipper: "creator3", amount: 500, note: "Your fraction cards saved my week." },
  { daysAgo: 258, kind: "sale", buyer: "creator3" },
  { daysAgo: 236, kind: "sale", buyer: "teacher1" },
  { daysAgo: 221, kind: "sale", buyer: "creator2" },
  { daysAgo: 204, kind: "sale", buyer: "admin" },
  { daysAgo: 190, kind: "tip", tipper: "teacher1", amount: 1000, note: "Thank you for the unit!" },
  { daysAgo: 176, kind: "sale", buyer: "creator3" },
  { daysAgo: 163, kind: "sale", buyer: "teacher1" },
  { daysAgo: 141, kind: "sale", buyer: "creator2" },
  { daysAgo: 128, kind: "payout" },
  { daysAgo: 118, kind: "sale", buyer: "admin" },
  { daysAgo: 104, kind: "sale", buyer: "teacher1" },
  { daysAgo: 97, kind: "tip", tipper: "creator2", amount: 300, note: null },
  { daysAgo: 84, kind: "sale", buyer: "creator3" },
  { daysAgo: 71, kind: "sale", buyer: "teacher2" },
  { daysAgo: 66, kind: "sale", buyer: "creator2" },
  { daysAgo: 58, kind: "tip", tipper: "teacher2", amount: 2500, note: "My class loved the number hunt." },
  { daysAgo: 49, kind: "sale", buyer: "teacher1" },
  { daysAgo: 44, kind: "sale", buyer: "admin" },
  { daysAgo: 37, kind: "sale", buyer: "teacher2" },
  { daysAgo: 31, kind: "sale", buyer: "creator3" },
  { daysAgo: 23, kind: "tip", tipper: "teacher1", amount: 500, note: null },
  { daysAgo: 19, kind: "sale", buyer: "creator2" },
  // Within the hold: part of the balance, not yet available for payout.
  { daysAgo: 9, kind: "sale", buyer: "teacher1" },
  { daysAgo: 6, kind: "sale", buyer: "teacher2" },
  { daysAgo: 3, kind: "tip", tipper: "creator3", amount: 1000, note: "Thanks for the quick update!" },
];

/**
 * Plans the demo creator's money. Each sale is of one of the creator's paid resources, published before it
 * and not yet owned by its buyer, taken in turn so the prices vary; never one of the catalogue's dearest
 * (the purchase journeys buy those as teacher1 and teacher2, and must not find them owned). Fees and
 * holds are the defaults of DECISIONS.md.
 */
export function planDemoEarnings(opts: {
  now: Date;
  accounts: readonly Account[];
  resources: readonly SellableResource[];
  purchases?: readonly DemoPurchase[];
}): DemoEarningsPlan {
  const { now, accounts, resources } = opts;
  const plan: DemoEarningsPlan = {
    payments: [],
    sales: [],
    tips: [],
    ledgerTransactions: [],
    ledgerEntries: [],
    payouts: [],
  };
  const account = (username: string) => accounts.find((a) => a.username === username)!;
  const earner = account(DEMO_EARNER);
  const admin = account("admin");
  const settings = DEFAULT_SITE_SETTINGS;
  const dearest = new Set(
    [...resources]
      .sort((a, b) => b.price - a.price || a.name.localeCompare(b.name))
      .slice(0, DEAREST_KEPT_UNSOLD)
      .map((r) => r.id),
  );
  const sellable = resources
    .filter((r) => r.users_id === earner.id && r.price > 0 && !dearest.has(r.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  const owned = new Set<string>();
  let turn = 0;
  /** Net earnings and when each becomes eligible, to pay the payout what was eligible on its day. */
  const earnings: { net: number; eligibleAt: number }[] = [];
  let paidOut = 0;

  const post = (
    kind: string,
    at: Date,
    lines: LedgerLine[],
    paymentId: string | null,
    memo: string | null,
  ) => {
    const id = randomUUID();
    const eligibleAt = new Date(at.getTime() + settings.payoutHoldDays * DAY_MS);
    plan.ledgerTransactions.push({ id, kind, payment_id: paymentId, memo, created_at: at });
    for (const line of lines) {
      plan.ledgerEntries.push({
        transaction_id: id,
        account: line.account,
        users_id: line.usersId,
        amount_cents: line.amountCents,
        eligible_at: line.account === "creator_balance" && kind !== "payout" ? eligibleAt : null,
        created_at: at,
      });
      // The payout is the demo creator's: only their earnings count towards it.
      if (line.account === "creator_balance" && kind !== "payout" && line.usersId === earner.id) {
        earnings.push({ net: -line.amountCents, eligibleAt: eligibleAt.getTime() });
      }
    }
    return id;
  };
  const payment = (payer: Account, purpose: "purchase" | "tip", amount: number, at: Date) => {
    const id = randomUUID();
    plan.payments.push({
      id,
      users_id: payer.id,
      purpose,
      amount_cents: amount,
      status: "captured",
      gateway: "sandbox",
      charge_id: `${SANDBOX_CHARGE_PREFIX}demo_${id}`,
      card_brand: "Visa",
      card_last4: "4242",
      idempotency_key: `demo-${id}`,
      created_at: at,
    });
    return id;
  };

  const sale = (buyer: Account, resource: SellableResource, at: Date) => {
    owned.add(`${buyer.id}:${resource.id}`);
    const paymentId = payment(buyer, "purchase", resource.price, at);
    plan.sales.push({
      resource_id: resource.id,
      buyer_id: buyer.id,
      amount_cents: resource.price,
      payment_id: paymentId,
      created_at: at,
    });
    post(
      "sale",
      at,
      saleLines({
        amountCents: resource.price,
        feePercent: settings.salesFeePercent,
        creatorId: resource.users_id,
      }),
      paymentId,
      resource.name,
    );
  };

  // Spread through the working day, so no two fall on the same moment; in time order with the purchases,
  // so the payout pays what was eligible on its day.
  const timeline = [
    ...EVENTS.map((event, i) => ({
      event,
      at: new Date(now.getTime() - event.daysAgo * DAY_MS - (9 + (i % 8)) * 3_600_000),
    })),
    ...(opts.purchases ?? []).map((purchase) => ({
      event: { kind: "purchase" as const, purchase },
      at: purchase.at,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const byId = new Map(resources.map((r) => [r.id, r]));
  for (const { event, at } of timeline) {
    if (event.kind === "purchase") {
      const buyer = accounts.find((a) => a.id === event.purchase.buyerId)!;
      sale(buyer, byId.get(event.purchase.resourceId)!, at);
    } else if (event.kind === "sale") {
      const buyer = account(event.buyer);
      const candidates = sellable.filter(
        (r) => r.published_at < at && buyer.created_at < at && !owned.has(`${buyer.id}:${r.id}`),
      );
      const resource = candidates[turn++ % Math.max(1, candidates.length)];
      if (!resource) continue;
      sale(buyer, resource, at);
    } else if (event.kind === "tip") {
      const tipper = account(event.tipper);
      if (tipper.created_at >= at) continue;
      const paymentId = payment(tipper, "tip", event.amount, at);
      plan.tips.push({
        tipper_id: tipper.id,
        recipient_id: earner.id,
        amount_cents: event.amount,
        tip_note: event.note,
        tip_day: dayInZone(at, settings.timeZone),
        payment_id: paymentId,
        created_at: at,
      });
      post(
        "tip",
        at,
        tipLines({ amountCents: event.amount, feePercent: settings.tipFeePercent, creatorId: earner.id }),
        paymentId,
        null,
      );
    } else {
      // The whole eligible balance of that day (DECISIONS.md), requested that morning and paid the same day.
      const eligible = earnings.filter((e) => e.eligibleAt <= at.getTime()).reduce((s, e) => s + e.net, 0);
      const amount = eligible - paidOut;
      if (amount < settings.payoutMinimumCents) continue;
      paidOut += amount;
      const payoutId = randomUUID();
      const ledgerId = post(
        "payout",
        at,
        payoutLines({ amountCents: amount, creatorId: earner.id }),
        null,
        `payout ${payoutId}`,
      );
      plan.payouts.push({
        id: payoutId,
        users_id: earner.id,
        amount_cents: amount,
        status: "paid",
        requested_at: new Date(at.getTime() - 3 * 3_600_000),
        payout_date: dayInZone(at, settings.timeZone),
        paid_at: at,
        paid_by: admin.id,
        ledger_transaction_id: ledgerId,
      });
    }
  }
  return plan;
}
