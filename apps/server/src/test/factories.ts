import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { resourcePreviews, resources, users } from "../db/schema/index.ts";
import { hashSecret } from "../platform/passwords.ts";

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
