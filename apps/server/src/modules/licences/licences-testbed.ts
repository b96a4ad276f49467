import { additionalSeatCents, DEFAULT_SITE_SETTINGS, licenceTotalCents } from "@market/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { licenceSeats } from "../../db/schema/index.ts";
import { jobDefinitions } from "../../jobs.registry.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { createJobWorker } from "../../platform/jobs.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPremiumFile, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";

export type User = Awaited<ReturnType<typeof makeUser>>;

export interface LicencesTestbed {
  t: TestApp;
  /** The creator of every resource made here. */
  creator: User;
  /** Runs the job worker until no job is left (the seats' e-mails among them). */
  drain(): Promise<void>;
}

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

/**
 * The licences tests' app (issue 23): a creator whose listed resources are made per test, buyers and
 * colleagues made per test (signed in without scrypt), purchases for colleagues bought through the real
 * checkout with the sandbox's test card, and the job worker that sends the seats' e-mails.
 */
export function licencesTestbed() {
  const bed = {} as LicencesTestbed;
  const headers = new Map<string, Record<string, string>>();
  beforeAll(async () => {
    const t = await buildTestApp();
    bed.t = t;
    bed.creator = await makeUser(t.db, { username: "lic_creator" });
    const worker = createJobWorker({ db: t.db, log: silent, definitions: jobDefinitions(t.app.deps) });
    bed.drain = async () => {
      while (await worker.runOnce()) {}
    };
  });
  afterAll(() => bed.t.close());

  const authOf = async (who: User) => {
    if (!headers.has(who.id)) headers.set(who.id, await bed.t.tokenFor(who.id));
    return headers.get(who.id)!;
  };

  /**
   * Calls the API as `who` (null: a visitor), on the test app or on `app` (a second instance); the
   * status and the parsed body.
   */
  const call = async (
    who: User | null,
    method: string,
    url: string,
    payload?: unknown,
    app?: AppInstance,
  ) => {
    const res = await (app ?? bed.t.app).inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: who ? await authOf(who) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(res.headers["content-type"] ?? "").includes("json");
    // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as JSON
    return { status: res.statusCode, body: (json ? res.json() : {}) as Record<string, any> };
  };

  const user = (username?: string) => makeUser(bed.t.db, username ? { username } : {});

  /** A listed paid resource of the creator's with a premium file; its download's URL. */
  const paidResource = async (price = 1000) => {
    const resource = await makeResource(bed.t.db, { users_id: bed.creator.id, price });
    const key = `files/${resource.name}.pdf`;
    const file = await addPremiumFile(bed.t.db, bed.t.app.deps.storage, resource.id, key);
    return { resource, downloadUrl: `/resources/${resource.name}/files/${file.id}/download` };
  };

  /**
   * `buyer` buys `seats` seats of the resource through the real purchase, paying the total the checkout
   * shows: the price, and each colleague's seat at the site's default percent of it. The sale's id.
   */
  const buyLicence = async (buyer: User, resourceId: string, price: number, seats = 3) => {
    const seatCents = additionalSeatCents(price, null, DEFAULT_SITE_SETTINGS.additionalSeatPercent);
    const res = await call(buyer, "POST", "/transactions/resource/purchase", {
      resourceId,
      amount: licenceTotalCents(price, seatCents, seats),
      seats,
      ...TEST_CARD,
    });
    expect([res.status, res.body.sale?.seats]).toEqual([200, seats]);
    return res.body.sale.saleId as string;
  };

  /** Gives a seat of the purchase: the answer of POST /licences/{purchaseId}/seats. */
  const assign = (buyer: User, saleId: string, assignee: string, app?: AppInstance) =>
    call(buyer, "POST", `/licences/${saleId}/seats`, { assignee }, app);

  /** The purchase's seats as the database has them, by slot. */
  const seatsOf = async (saleId: string) =>
    (await bed.t.db.select().from(licenceSeats).where(eq(licenceSeats.sale_id, saleId))).sort(
      (a, b) => a.slot - b.slot,
    );

  return { bed, call, user, paidResource, buyLicence, assign, seatsOf };
}
