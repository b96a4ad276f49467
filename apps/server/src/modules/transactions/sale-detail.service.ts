import type { GiftDetail, SaleDetail } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { COVER_JOIN, MAIN_FILE_JOIN, type MainFileRow, presentMainFile } from "./library.service.ts";
import { describeCard } from "./receipt.service.ts";
import { giftLinkUrl } from "./receipt-mail.job.ts";

interface SaleRow extends MainFileRow, Record<string, unknown> {
  sale_id: string;
  amount_cents: number;
  ref_code: string | null;
  is_gift: boolean;
  /** Seats bought (issue 23); smallint, read as a number. */
  seats: number;
  gift_code: string | null;
  buyer_id: string;
  recipient_id: string | null;
  claimed_at: string | Date | null;
  created_at: string | Date;
  id: string;
  name: string;
  title: string;
  cover_locator: string | null;
  creator_id: string;
  creator_username: string;
  creator_first_name: string;
  creator_avatar_locator: string | null;
  buyer_email: string;
  buyer_first_name: string;
  buyer_username: string;
  buyer_ref: string;
  card_brand: string | null;
  card_last4: string | null;
  /** Set once refunded: the sale grants nothing any more (no file, no gift to claim). */
  refunded_at: string | Date | null;
}

/** A sale with its resource, creator, cover, buyer, card and the owner's file, in one query. */
async function selectSale(db: Db, where: ReturnType<typeof sql>): Promise<SaleRow | undefined> {
  const result = await db.execute<SaleRow>(sql`
    select s.id as sale_id, s.amount_cents, s.ref_code, s.is_gift, s.seats, s.gift_code, s.buyer_id, s.recipient_id,
           s.claimed_at, s.created_at, s.refunded_at, r.id, r.name, r.title, cover.locator as cover_locator,
           u.id as creator_id, u.username as creator_username, u.first_name as creator_first_name,
           u.avatar_locator as creator_avatar_locator,
           b.email as buyer_email, b.first_name as buyer_first_name, b.username as buyer_username,
           b.ref_code as buyer_ref, p.card_brand, p.card_last4,
           main_file.id as file_id, main_file.name as file_name, main_file.size_bytes as file_size
    from sales s
    join resources r on r.id = s.resource_id
    join users u on u.id = r.users_id
    join users b on b.id = s.buyer_id
    join payments p on p.id = s.payment_id
    ${COVER_JOIN}
    ${MAIN_FILE_JOIN}
    where ${where}`);
  return result.rows[0];
}

const resourceOf = (row: SaleRow) => ({
  id: row.id,
  name: row.name,
  title: row.title,
  cover_locator: row.cover_locator,
  creator: {
    id: row.creator_id,
    username: row.creator_username,
    first_name: row.creator_first_name,
    avatar_locator: row.creator_avatar_locator,
  },
});

const isoOrNull = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * GET /transactions/sales/{saleId}: the thank-you page's facts, for the buyer only (anybody else, admins
 * included, is told there is no such sale: the receipt is where others with a right to it look).
 */
export async function getSaleForBuyer(
  db: Db,
  viewer: Viewer,
  saleId: string,
  publicUrl: string,
): Promise<SaleDetail> {
  if (!isUuid(saleId)) throw notFound("No such purchase");
  const row = await selectSale(db, sql`s.id = ${saleId}`);
  if (!row || row.buyer_id !== viewer.id) throw notFound("No such purchase");
  return {
    sale: {
      saleId: row.sale_id,
      amount: row.amount_cents,
      refCode: row.ref_code,
      isGift: row.is_gift,
      seats: Number(row.seats),
      created_at: new Date(row.created_at).toISOString(),
    },
    resource: resourceOf(row),
    paidWith: describeCard(row.card_brand, row.card_last4),
    receiptEmail: row.buyer_email,
    file: row.is_gift || row.refunded_at !== null ? null : presentMainFile(row),
    gift:
      row.is_gift && row.gift_code
        ? {
            uri: giftLinkUrl(publicUrl, row.name, row.buyer_ref, row.gift_code),
            claimedAt: row.recipient_id ? (isoOrNull(row.claimed_at) ?? isoOrNull(row.created_at)) : null,
          }
        : null,
  };
}

/**
 * GET /transactions/gifts/{giftCode}: what a gift link holds for the signed-in teacher who opened it,
 * before they claim it (POST /transactions/gifts/{giftCode}/claim). Never a price or a payment form.
 */
export async function getGiftForViewer(db: Db, viewer: Viewer, giftCode: string): Promise<GiftDetail> {
  const row = await selectSale(db, sql`s.gift_code = ${giftCode.trim().toUpperCase()} and s.is_gift`);
  // A refunded gift is no gift: its link says so like an unknown one.
  if (!row || row.refunded_at !== null) throw notFound("No such gift");
  const state: GiftDetail["state"] =
    row.buyer_id === viewer.id
      ? "yours_to_send"
      : row.recipient_id === null
        ? "open"
        : row.recipient_id === viewer.id
          ? "claimed_by_you"
          : "claimed";
  return {
    resource: resourceOf(row),
    from: { username: row.buyer_username, first_name: row.buyer_first_name },
    state,
    file: state === "claimed_by_you" ? presentMainFile(row) : null,
  };
}
