import { randomUUID } from "node:crypto";
import {
  additionalSeatCents,
  BUNDLE_TYPE,
  DEFAULT_SITE_SETTINGS,
  licenceTotalCents,
  saleLines,
} from "@market/domain";
import { sql } from "drizzle-orm";
import { SANDBOX_CHARGE_PREFIX } from "../../platform/payments.ts";
import type { Tx } from "../client.ts";
import { ledgerEntries, ledgerTransactions, licenceSeats, payments, sales } from "../schema/index.ts";

const DAY_MS = 86_400_000;
/** The catalogue's dearest resources, which the purchase journeys buy (demo-earnings.ts keeps them unsold). */
const DEAREST_KEPT_UNSOLD = 16;
const SEATS = 3;

/**
 * A licence for colleagues in the demo (issue 23): teacher1 bought one of creator2's resources for three
 * seats three weeks ago and gave one to teacher2, so /profile/licences has a purchase with a seat used
 * and one free, and teacher2 a seat somebody gave them. Recorded as the checkout records it (a captured
 * payment, the sale with its seats, the seats' rows, a balanced ledger transaction past its hold), from
 * the rows the demo has just inserted, in its transaction; insight's trigger counts the sale.
 */
export async function insertDemoLicence(tx: Tx, now: Date): Promise<void> {
  const people = await tx.execute<{ id: string; username: string }>(
    sql`select id, username from users where username in ('teacher1', 'teacher2')`,
  );
  const buyer = people.rows.find((u) => u.username === "teacher1");
  const holder = people.rows.find((u) => u.username === "teacher2");
  if (!buyer || !holder) return;
  const at = new Date(now.getTime() - 21 * DAY_MS - 10 * 3_600_000);
  // A resource neither teacher owns (bought, or in a bundle bought), never one the journeys buy.
  const [resource] = (
    await tx.execute<{ id: string; name: string; price: number; users_id: string }>(sql`
      select r.id, r.name, r.price, r.users_id
      from resources r join users u on u.id = r.users_id
      where u.username = 'creator2' and r.approval_status = 'approved' and r.status = 'active'
        and r.price > 0 and r.type <> ${BUNDLE_TYPE} and r.published_at < ${at}
        and r.id not in (select id from resources where price > 0 order by price desc, name
                         limit ${DEAREST_KEPT_UNSOLD})
        and not exists (select 1 from sales s where s.resource_id = r.id
                          and (s.buyer_id in (${buyer.id}, ${holder.id}) or s.recipient_id in (${buyer.id}, ${holder.id})))
        and not exists (select 1 from sales s join bundle_items bi on bi.bundle_id = s.resource_id
                        where bi.resource_id = r.id and s.buyer_id in (${buyer.id}, ${holder.id}))
      order by r.price, r.name
      limit 1`)
  ).rows;
  if (!resource) return;
  const settings = DEFAULT_SITE_SETTINGS;
  const price = Number(resource.price);
  const seatCents = additionalSeatCents(price, null, settings.additionalSeatPercent);
  const amount = licenceTotalCents(price, seatCents, SEATS);
  const paymentId = randomUUID();
  await tx.insert(payments).values({
    id: paymentId,
    users_id: buyer.id,
    purpose: "purchase",
    amount_cents: amount,
    status: "captured",
    gateway: "sandbox",
    charge_id: `${SANDBOX_CHARGE_PREFIX}demo_${paymentId}`,
    card_brand: "Visa",
    card_last4: "4242",
    idempotency_key: `demo-${paymentId}`,
    created_at: at,
  });
  const [sale] = await tx
    .insert(sales)
    .values({
      resource_id: resource.id,
      buyer_id: buyer.id,
      amount_cents: amount,
      seats: SEATS,
      seat_price_cents: seatCents,
      payment_id: paymentId,
      created_at: at,
    })
    .returning({ id: sales.id });
  const given = new Date(at.getTime() + 2 * 3_600_000);
  await tx.insert(licenceSeats).values([
    {
      sale_id: sale!.id,
      slot: 1,
      holder_id: holder.id,
      assigned_at: given,
      held_before: true,
      created_at: at,
    },
    { sale_id: sale!.id, slot: 2, created_at: at },
  ]);
  const transactionId = randomUUID();
  await tx
    .insert(ledgerTransactions)
    .values({ id: transactionId, kind: "sale", payment_id: paymentId, memo: resource.name, created_at: at });
  const eligibleAt = new Date(at.getTime() + settings.payoutHoldDays * DAY_MS);
  await tx.insert(ledgerEntries).values(
    saleLines({
      amountCents: amount,
      feePercent: settings.salesFeePercent,
      creatorId: resource.users_id,
    }).map((line) => ({
      transaction_id: transactionId,
      account: line.account,
      users_id: line.usersId,
      amount_cents: line.amountCents,
      eligible_at: line.account === "creator_balance" ? eligibleAt : null,
      created_at: at,
    })),
  );
}
