import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { advertisements, resourceFiles, resourcePreviews, resources, users } from "../db/schema/index.ts";
import { hashSecret } from "../platform/passwords.ts";
import type { Storage } from "../platform/storage.ts";

export const TEST_PASSWORD = "correct-horse-9";
// Hashing is deliberately slow; every factory user shares one hash of the test password.
const passwordHash = hashSecret(TEST_PASSWORD);
let sequence = 0;

const next = () => {
  sequence += 1;
  return `${sequence}${randomBytes(3).toString("hex")}`;
};

export async function makeUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      username: `user_${n}`,
      email: `user_${n}@example.test`,
      first_name: "Test",
      last_name: "User",
      password_hash: await passwordHash,
      ref_code: randomBytes(4).toString("hex").toUpperCase(),
      email_verified_at: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

export const makeAdmin = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) =>
  makeUser(db, { role: "admin", ...overrides });

export async function makeResource(
  db: Db,
  overrides: Partial<typeof resources.$inferInsert> & { users_id: string },
): Promise<typeof resources.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(resources)
    .values({
      name: `resource-${n}`,
      title: `Resource ${n}`,
      subject_area: "Math",
      description: "A".repeat(350),
      grade: "3",
      approval_status: "approved",
      status: "active",
      upload_status: 2,
      published_at: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function addPreview(db: Db, resourceId: string, orderIndex = 0) {
  const [row] = await db
    .insert(resourcePreviews)
    .values({
      resource_id: resourceId,
      order_index: orderIndex,
      storage_key: `previews/${next()}.png`,
      size_bytes: 1000,
      width: 692,
      height: 896,
    })
    .returning();
  return row!;
}

/**
 * A premium file of `resource`, stored under `key` and recorded as the upload records one: what a buyer
 * (and no one else) downloads.
 */
export async function addPremiumFile(db: Db, storage: Storage, resourceId: string, key: string) {
  await storage.put(key, Buffer.from("%PDF-1.4 premium"));
  const [file] = await db
    .insert(resourceFiles)
    .values({
      resource_id: resourceId,
      name: "full.pdf",
      storage_key: key,
      content_type: "application/pdf",
      size_bytes: 16,
      is_premium_file: true,
    })
    .returning();
  return file!;
}

/** The sandbox's succeeding test card with a complete billing address (spec 3 payment form). */
export const TEST_CARD = {
  cardName: "Ada Lovelace",
  cardNumber: "4242424242424242",
  cardExp: "1230",
  cardCvv: "123",
  billingStreetAddress: "1 School Lane",
  billingCity: "Springfield",
  billingState: "IL",
  billingZipCode: "62701",
};

/**
 * A complete type 3 ad (every field its type requires, an image named but not stored), unpaid and
 * "creating" unless overridden: spend 500 a day for 7 days, $35, above the default minimums.
 */
export async function makeAd(
  db: Db,
  overrides: Partial<typeof advertisements.$inferInsert> & { users_id: string },
): Promise<typeof advertisements.$inferSelect> {
  const [row] = await db
    .insert(advertisements)
    .values({
      ad_type: "3",
      title: "Science kits",
      description: "Hands-on kits",
      button: "See kits",
      click_url: "https://kits.example.com",
      image_url: `ads/${next()}.webp`,
      image_name: "kit.png",
      ...overrides,
    })
    .returning();
  return row!;
}

/** A person's browser, as ad counting requires (a client that names no browser counts as a bot). */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
