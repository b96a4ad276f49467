import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { referrals, users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";

/** A share link to a page of this site carrying the sharer's ref code (spec 3, Referral). */
export async function createReferral(
  db: Db,
  publicUrl: string,
  viewer: Viewer,
  uri: string,
  isGift: boolean,
) {
  const [user] = await db.select({ ref_code: users.ref_code }).from(users).where(eq(users.id, viewer.id));
  const url = new URL(uri, publicUrl);
  url.searchParams.set("refCode", user!.ref_code);
  await db.insert(referrals).values({ users_id: viewer.id, uri, is_gift: isGift });
  return { referral: { fullUri: url.toString(), uri, is_gift: isGift } };
}
