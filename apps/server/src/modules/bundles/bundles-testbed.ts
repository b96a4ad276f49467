import { afterAll, beforeAll } from "vitest";
import { resourceFiles } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeAdmin, makeResource, makeUser } from "../../test/factories.ts";

type User = Awaited<ReturnType<typeof makeUser>>;
type Resource = Awaited<ReturnType<typeof makeResource>>;

export interface BundlesTestbed {
  t: TestApp;
  creator: User;
  other: User;
  buyer: User;
  admin: User;
  /** The creator's listed resources: $8, $5 (with a cover and a premium file), $3, and a free one. */
  owl: Resource;
  frog: Resource;
  bee: Resource;
  freebie: Resource;
  /** The other creator's listed resource. */
  theirs: Resource;
  /**
   * Calls the API as `who` (any user, signed in on first use, or null for a visitor); the status and
   * the parsed body.
   */
  call(
    who: User | null,
    method: string,
    url: string,
    payload?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as JSON
  ): Promise<{ status: number; body: Record<string, any> }>;
  /** A listed paid resource of the creator's, made for one test. */
  freshResource(price?: number): Promise<Resource>;
}

/** The bundles tests' app: two creators with listed resources, a buyer and an admin. */
export function bundlesTestbed(): BundlesTestbed {
  const bed = {} as BundlesTestbed;
  const headers = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    const t = await buildTestApp();
    bed.t = t;
    bed.creator = await makeUser(t.db, { username: "bundler" });
    bed.other = await makeUser(t.db, { username: "stranger" });
    bed.buyer = await makeUser(t.db, { username: "teacher" });
    bed.admin = await makeAdmin(t.db);
    bed.owl = await makeResource(t.db, { users_id: bed.creator.id, title: "Owl unit", price: 800 });
    bed.frog = await makeResource(t.db, { users_id: bed.creator.id, title: "Frog unit", price: 500 });
    bed.bee = await makeResource(t.db, { users_id: bed.creator.id, title: "Bee unit", price: 300 });
    bed.freebie = await makeResource(t.db, { users_id: bed.creator.id, title: "Free sheet", price: 0 });
    bed.theirs = await makeResource(t.db, { users_id: bed.other.id, title: "Not yours", price: 500 });
    await addPreview(t.db, bed.frog.id);
    await t.app.deps.storage.put("files/frog-full.pdf", Buffer.from("%PDF-1.4 frogs, full"));
    await t.db.insert(resourceFiles).values({
      resource_id: bed.frog.id,
      name: "frogs-full.pdf",
      storage_key: "files/frog-full.pdf",
      content_type: "application/pdf",
      size_bytes: 20,
      is_premium_file: true,
    });
  });
  afterAll(() => bed.t.close());

  const authOf = async (who: User) => {
    if (!headers.has(who.id)) {
      headers.set(who.id, await bed.t.tokenFor(who.id, who.role === "admin" ? ["user", "admin"] : ["user"]));
    }
    return headers.get(who.id)!;
  };
  bed.call = async (who, method, url, payload) => {
    const res = await bed.t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: who ? await authOf(who) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = res.headers["content-type"]?.toString().startsWith("application/json");
    return { status: res.statusCode, body: json ? res.json() : { text: res.body } };
  };
  bed.freshResource = (price = 400) =>
    makeResource(bed.t.db, { users_id: bed.creator.id, title: `Fresh ${price}`, price });
  return bed;
}
