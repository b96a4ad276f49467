import { afterAll, beforeAll } from "vitest";
import { downloads, payments, reviews, sales } from "../../db/schema/index.ts";
import { jobDefinitions } from "../../jobs.registry.ts";
import { createJobWorker } from "../../platform/jobs.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../../test/factories.ts";

type User = Awaited<ReturnType<typeof makeUser>>;
type Resource = Awaited<ReturnType<typeof makeResource>>;

/** The roles of issue 21's permission matrix. */
export const ROLES = ["visitor", "buyer", "downloader", "nonBuyer", "creator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export interface ReviewsTestbed {
  t: TestApp;
  users: Record<Exclude<Role, "visitor">, User>;
  /** The Authorization header of each role (none for the visitor). */
  auth: Record<Role, Record<string, string>>;
  /** Calls the API as `role`; answers with the status and the parsed body. */
  call(
    role: Role | Record<string, string>,
    method: string,
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> & { error?: string } }>;
  /** A listed paid resource of the creator's, bought by the buyer (a sale), and a free one the downloader took. */
  freshResources(): Promise<{ paid: Resource; free: Resource }>;
  /** A review by `author` of `resource`, written directly (the author need not have used it). */
  writeReview(
    author: User,
    resource: Resource,
    values?: Partial<typeof reviews.$inferInsert>,
  ): Promise<typeof reviews.$inferSelect>;
  /** A user who bought `resource` (a sale of their own) and their auth. */
  newBuyer(resource: Resource): Promise<{ user: User; auth: Record<string, string> }>;
  /** Runs the job worker until no job is left (the creator's review e-mails among them). */
  drain(): Promise<void>;
}

export async function recordSale(t: TestApp, resourceId: string, buyerId: string, gift?: { to: string }) {
  const [payment] = await t.db
    .insert(payments)
    .values({
      users_id: buyerId,
      purpose: "purchase",
      amount_cents: 500,
      status: "captured",
      gateway: "sandbox",
    })
    .returning();
  await t.db.insert(sales).values({
    resource_id: resourceId,
    buyer_id: buyerId,
    amount_cents: 500,
    payment_id: payment!.id,
    ...(gift
      ? {
          is_gift: true,
          gift_code: `G${payment!.id.slice(0, 8)}`,
          recipient_id: gift.to,
          claimed_at: new Date(),
        }
      : {}),
  });
}

export async function recordDownload(t: TestApp, resourceId: string, userId: string) {
  await t.db.insert(downloads).values({ resource_id: resourceId, users_id: userId });
}

const silent = {
  info() {},
  error() {},
  warn() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
} as never;

/** The app, the matrix's users and helpers, built before the file's tests and closed after. */
export function reviewsTestbed(overrides: Parameters<typeof buildTestApp>[0] = {}): ReviewsTestbed {
  const bed = {} as ReviewsTestbed;
  beforeAll(async () => {
    const t = await buildTestApp(overrides);
    bed.t = t;
    const users = {
      buyer: await makeUser(t.db, { first_name: "Bea" }),
      downloader: await makeUser(t.db, { first_name: "Dan" }),
      nonBuyer: await makeUser(t.db, { first_name: "Nia" }),
      creator: await makeUser(t.db, { first_name: "Cleo" }),
      admin: await makeAdmin(t.db, { first_name: "Ada" }),
    };
    bed.users = users;
    bed.auth = {
      visitor: {},
      buyer: await t.tokenFor(users.buyer.id),
      downloader: await t.tokenFor(users.downloader.id),
      nonBuyer: await t.tokenFor(users.nonBuyer.id),
      creator: await t.tokenFor(users.creator.id),
      admin: await t.tokenFor(users.admin.id, ["user", "admin"]),
    };
    const worker = createJobWorker({ db: t.db, log: silent, definitions: jobDefinitions(t.app.deps) });
    bed.drain = async () => {
      while (await worker.runOnce()) {}
    };
  });
  afterAll(() => bed.t.close());

  bed.call = async (role, method, url, payload) => {
    const headers = typeof role === "string" ? bed.auth[role] : role;
    const res = await bed.t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : {} };
  };
  bed.freshResources = async () => {
    const paid = await makeResource(bed.t.db, { users_id: bed.users.creator.id, price: 500 });
    const free = await makeResource(bed.t.db, { users_id: bed.users.creator.id, price: 0 });
    await recordSale(bed.t, paid.id, bed.users.buyer.id);
    await recordDownload(bed.t, free.id, bed.users.downloader.id);
    return { paid, free };
  };
  bed.writeReview = async (author, resource, values = {}) => {
    const [row] = await bed.t.db
      .insert(reviews)
      .values({ resource_id: resource.id, users_id: author.id, rating: 4, text: "Worked well.", ...values })
      .returning();
    return row!;
  };
  bed.newBuyer = async (resource) => {
    const user = await makeUser(bed.t.db);
    await recordSale(bed.t, resource.id, user.id);
    return { user, auth: await bed.t.tokenFor(user.id) };
  };
  return bed;
}
