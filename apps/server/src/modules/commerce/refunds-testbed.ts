import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { jobDefinitions } from "../../jobs.registry.ts";
import { createJobWorker } from "../../platform/jobs.ts";
import type { createSandboxGateway } from "../../platform/payments.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPremiumFile, makeAdmin, makeResource, makeUser } from "../../test/factories.ts";
import { CARD } from "../../test/transactions-testbed.ts";

type User = Awaited<ReturnType<typeof makeUser>>;
type Resource = Awaited<ReturnType<typeof makeResource>>;

export interface RefundsTestbed {
  t: TestApp;
  sandbox: ReturnType<typeof createSandboxGateway>;
  creator: User;
  otherCreator: User;
  buyer: User;
  stranger: User;
  admin: User;
  auth: Record<"creator" | "otherCreator" | "buyer" | "stranger" | "admin", Record<string, string>>;
  /** Runs the job worker until no job is left (the refund e-mails among them). */
  drain(): Promise<void>;
}

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

/**
 * The refunds tests' app: a creator (and another), a buyer, a stranger and an admin, signed in without
 * scrypt; resources are made per test (`paidResource`) so each test's sale is its own.
 */
export function refundsTestbed() {
  const bed = {} as RefundsTestbed;
  beforeAll(async () => {
    const t = await buildTestApp();
    bed.t = t;
    bed.sandbox = t.app.deps.payments as ReturnType<typeof createSandboxGateway>;
    bed.creator = await makeUser(t.db, { username: "refund_creator" });
    bed.otherCreator = await makeUser(t.db, { username: "other_creator" });
    bed.buyer = await makeUser(t.db, { username: "refund_buyer" });
    bed.stranger = await makeUser(t.db, { username: "stranger" });
    bed.admin = await makeAdmin(t.db, { username: "refund_admin" });
    bed.auth = {
      creator: await t.tokenFor(bed.creator.id),
      otherCreator: await t.tokenFor(bed.otherCreator.id),
      buyer: await t.tokenFor(bed.buyer.id),
      stranger: await t.tokenFor(bed.stranger.id),
      admin: await t.tokenFor(bed.admin.id, ["user", "admin"]),
    };
    const worker = createJobWorker({ db: t.db, log: silent, definitions: jobDefinitions(t.app.deps) });
    bed.drain = async () => {
      while (await worker.runOnce()) {}
    };
  });
  afterAll(() => bed.t.close());

  /** Calls the API; answers with the status and the parsed body. */
  const call = async (
    who: keyof RefundsTestbed["auth"],
    method: "GET" | "POST",
    url: string,
    payload?: unknown,
  ) => {
    const res = await bed.t.app.inject({
      method,
      url: `/api${url}`,
      headers: bed.auth[who],
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(res.headers["content-type"] ?? "").includes("json");
    return {
      status: res.statusCode,
      body: (json ? res.json() : {}) as Record<string, unknown> & { error?: string },
    };
  };

  /** A listed paid resource of the creator's with a premium file; its download's URL. */
  const paidResource = async (price = 1000, overrides: Partial<Resource> = {}) => {
    const resource = await makeResource(bed.t.db, { users_id: bed.creator.id, price, ...overrides });
    const key = `files/${resource.name}.pdf`;
    const file = await addPremiumFile(bed.t.db, bed.t.app.deps.storage, resource.id, key);
    return { resource, downloadUrl: `/resources/${resource.name}/files/${file.id}/download` };
  };

  /** The buyer (or `who`) buys the resource at `amount`; the sale's id. */
  const buy = async (resourceName: string, amount: number, who: keyof RefundsTestbed["auth"] = "buyer") => {
    const res = await call(who, "POST", "/transactions/resource/purchase", {
      resourceId: resourceName,
      amount,
      ...CARD,
    });
    if (res.status !== 200) throw new Error(`purchase failed: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body.sale as { saleId: string }).saleId;
  };

  /** Every account's total in the ledger. */
  const accountTotals = async () =>
    Object.fromEntries(
      (
        await bed.t.db.execute<{ account: string; users_id: string | null; total: string }>(
          sql`select account, users_id, sum(amount_cents) as total from ledger_entries
              group by account, users_id order by account, users_id`,
        )
      ).rows
        .filter((r) => Number(r.total) !== 0)
        .map((r) => [`${r.account}:${r.users_id ?? ""}`, Number(r.total)]),
    );

  return { bed, call, paidResource, buy, accountTotals };
}
