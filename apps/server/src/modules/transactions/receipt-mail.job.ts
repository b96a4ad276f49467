import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  advertisements,
  donations,
  jobs,
  ledgerTransactions,
  payments,
  resources,
  sales,
  tips,
  users,
} from "../../db/schema/index.ts";
import {
  adReceiptMail,
  donationReceiptMail,
  featureReceiptMail,
  giftReceiptMail,
  purchaseReceiptMail,
  type ReceiptFacts,
  tipReceiptMail,
  tipReceivedMail,
} from "../../mail/templates.ts";
import type { JobDefinition } from "../../platform/jobs.ts";
import type { Mailer, MailMessage } from "../../platform/mail.ts";
import { getSiteSettings } from "../site/index.ts";
import { describeCard } from "./receipt.service.ts";

/** The checkout's transaction, named here too: importing checkout.service.ts's name would close an import circle. */
export const RECEIPT_MAIL_JOB = "payment-receipt";
const payloadSchema = z.object({ paymentId: z.uuid() });

/**
 * Queues the receipt of a payment inside the transaction that records it (the checkout's record step),
 * so a receipt exists exactly when the money does: never for a declined or failed payment (nothing is
 * recorded, or the recording rolls back), and never twice, since an idempotent replay records nothing.
 */
export async function queueReceiptMail(tx: Tx, paymentId: string) {
  await tx.insert(jobs).values({ name: RECEIPT_MAIL_JOB, payload: payloadSchema.parse({ paymentId }) });
}

/** The sale page a receipt links to: the thank-you page, which has the receipt and the download. */
export const salePageUrl = (publicUrl: string, resourceName: string, saleId: string) =>
  `${publicUrl}/resources/${encodeURIComponent(resourceName)}/purchase/completed?sale=${saleId}`;

export const giftLinkUrl = (publicUrl: string, resourceName: string, buyerRef: string, giftCode: string) =>
  `${publicUrl}/resources/${encodeURIComponent(resourceName)}/purchase?refCode=${buyerRef}&gift=${giftCode}`;

/**
 * The receipt e-mails of one recorded payment (purchase, gift, tip, donation, ad, featuring), sent by the
 * job worker through the mailer. A tip also tells each creator they were tipped. Mails are composed from
 * the rows the payment recorded, so the worker needs nothing but the payment's id. Should the worker die
 * between sending and marking the job done, the job runs again: a receipt may then arrive twice, which
 * we accept over losing one (a receipt, unlike a bulk e-mail, is asked for).
 */
export function receiptMailJob(deps: {
  mailer: Mailer;
  config: Config;
}): JobDefinition<{ paymentId: string }> {
  const origin = deps.config.publicUrl;
  return {
    name: RECEIPT_MAIL_JOB,
    payload: payloadSchema,
    async handle({ paymentId }, { db }) {
      for (const mail of await receiptMailsFor(db, origin, paymentId)) await deps.mailer.send(mail);
    },
  };
}

/** The mails a payment's receipt job sends; none when the payment is not captured (it never is, queued). */
export async function receiptMailsFor(db: Db, origin: string, paymentId: string): Promise<MailMessage[]> {
  const [payment] = await db
    .select({ payment: payments, email: users.email, firstName: users.first_name })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.users_id))
    .where(and(eq(payments.id, paymentId), eq(payments.status, "captured")));
  if (!payment) return [];
  const { timeZone } = await getSiteSettings(db);
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone });
  const facts: ReceiptFacts = {
    to: payment.email,
    firstName: payment.firstName,
    date: day.format(payment.payment.created_at),
    amountCents: payment.payment.amount_cents,
    paidWith: describeCard(payment.payment.card_brand, payment.payment.card_last4),
  };

  switch (payment.payment.purpose) {
    case "purchase":
    case "gift": {
      const creator = alias(users, "creator");
      const buyer = alias(users, "buyer");
      const [row] = await db
        .select({
          sale: sales,
          name: resources.name,
          title: resources.title,
          creator: creator.first_name,
          creatorUsername: creator.username,
          buyerRef: buyer.ref_code,
        })
        .from(sales)
        .innerJoin(resources, eq(resources.id, sales.resource_id))
        .innerJoin(creator, eq(creator.id, resources.users_id))
        .innerJoin(buyer, eq(buyer.id, sales.buyer_id))
        .where(eq(sales.payment_id, paymentId));
      if (!row) return [];
      const item = {
        title: row.title,
        creator: `${row.creator} (@${row.creatorUsername})`,
        receiptId: row.sale.id,
        receiptUrl: salePageUrl(origin, row.name, row.sale.id),
      };
      return [
        row.sale.is_gift && row.sale.gift_code
          ? giftReceiptMail(facts, {
              ...item,
              claimUrl: giftLinkUrl(origin, row.name, row.buyerRef, row.sale.gift_code),
            })
          : purchaseReceiptMail(facts, item),
      ];
    }
    case "tip":
    case "tip_multiple": {
      const [tipper] = await db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, payment.payment.users_id!));
      const rows = await db
        .select({
          tip: tips,
          email: users.email,
          firstName: users.first_name,
          username: users.username,
        })
        .from(tips)
        .innerJoin(users, eq(users.id, tips.recipient_id))
        .where(eq(tips.payment_id, paymentId))
        .orderBy(tips.created_at, tips.id);
      if (rows.length === 0) return [];
      const from = `${payment.firstName} (@${tipper?.username ?? ""})`;
      return [
        tipReceiptMail(
          facts,
          rows.map((r) => ({ creator: `${r.firstName} (@${r.username})`, amountCents: r.tip.amount_cents })),
        ),
        ...rows.map((r) =>
          tipReceivedMail(r.email, r.firstName, {
            from,
            amountCents: r.tip.amount_cents,
            note: r.tip.tip_note,
            earningsUrl: `${origin}/earnings`,
          }),
        ),
      ];
    }
    case "donation": {
      const [donation] = await db
        .select({ id: donations.id })
        .from(donations)
        .where(eq(donations.payment_id, paymentId));
      return donation ? [donationReceiptMail(facts)] : [];
    }
    case "ad": {
      const [row] = await db
        .select({ ad: advertisements })
        .from(ledgerTransactions)
        .innerJoin(advertisements, sql`${advertisements.id}::text = ${ledgerTransactions.memo}`)
        .where(and(eq(ledgerTransactions.payment_id, paymentId), eq(ledgerTransactions.kind, "ad")));
      if (!row) return [];
      return [
        adReceiptMail(facts, {
          title: row.ad.title?.trim() || row.ad.business_name?.trim() || "Your ad",
          days: row.ad.run_days_total,
          perDayCents: row.ad.spend_per_day,
          adUrl: `${origin}/advertising/manage`,
        }),
      ];
    }
    case "feature": {
      const [row] = await db
        .select({ resource: resources })
        .from(ledgerTransactions)
        .innerJoin(resources, sql`${resources.id}::text = ${ledgerTransactions.memo}`)
        .where(and(eq(ledgerTransactions.payment_id, paymentId), eq(ledgerTransactions.kind, "feature")));
      if (!row) return [];
      return [
        featureReceiptMail(facts, {
          title: row.resource.title,
          until: row.resource.featured_until ? day.format(row.resource.featured_until) : facts.date,
          featuredUrl: `${origin}/featured`,
        }),
      ];
    }
    default:
      return [];
  }
}
