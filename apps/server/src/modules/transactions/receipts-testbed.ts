import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { resourceFiles } from "../../db/schema/index.ts";
import { jobDefinitions } from "../../jobs.registry.ts";
import { createJobWorker } from "../../platform/jobs.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";

/**
 * The app of the tests of what a payment leaves the payer: a creator ("grace_maker") whose paid
 * resources carry a cover and a premium file, a job worker to drain (the receipts go out as jobs), and
 * the calls the tests make as any user. Shared by receipts.test.ts (the receipt e-mails) and
 * sales-and-library.test.ts (the thank-you page, gifts and My resources); each file gets an app of its own.
 */

const silent = {
  info: () => {},
  error: () => {},
  warn: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => silent,
  level: "silent",
} as unknown as FastifyBaseLogger;

export type User = Awaited<ReturnType<typeof makeUser>>;

export interface ReceiptsTestbed {
  t: TestApp;
  creator: User;
  /** Runs the job worker until no job is left (the receipt e-mails among them). */
  drain: () => Promise<void>;
}

/** Builds the app before the file's tests (and closes it after); its fields are set once they run. */
export function receiptsTestbed() {
  const bed = {} as ReceiptsTestbed;
  beforeAll(async () => {
    bed.t = await buildTestApp();
    bed.creator = await makeUser(bed.t.db, { first_name: "Grace", username: "grace_maker" });
    const worker = createJobWorker({
      db: bed.t.db,
      log: silent,
      definitions: jobDefinitions(bed.t.app.deps),
    });
    bed.drain = async () => {
      while (await worker.runOnce()) {}
    };
  });
  afterAll(() => bed.t.close());

  const auths = new Map<string, { authorization: string }>();
  const authOf = async (user: User) => {
    if (!auths.has(user.id)) auths.set(user.id, await bed.t.tokenFor(user.id));
    return auths.get(user.id)!;
  };
  const call = async (
    method: "GET" | "POST",
    url: string,
    user: User | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    bed.t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(user ? await authOf(user) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const mailsTo = async (email: string) => (await bed.t.sentMail()).filter((m) => m.includes(`To: ${email}`));

  /** A paid resource of the creator's, with a cover and one premium file. */
  async function paidResource(title: string, price = 500) {
    const resource = await makeResource(bed.t.db, { users_id: bed.creator.id, title, price });
    await addPreview(bed.t.db, resource.id, 0);
    const [file] = await bed.t.db
      .insert(resourceFiles)
      .values({
        resource_id: resource.id,
        name: `${resource.name}-full.pdf`,
        storage_key: `files/${resource.name}.pdf`,
        content_type: "application/pdf",
        size_bytes: 1234,
        is_premium_file: true,
      })
      .returning();
    return { ...resource, fileId: file!.id };
  }
  const buy = (user: User, resource: { id: string; price: number }, headers: Record<string, string> = {}) =>
    call(
      "POST",
      "/transactions/resource/purchase",
      user,
      { resourceId: resource.id, amount: resource.price, ...TEST_CARD },
      headers,
    );

  return { bed, call, mailsTo, paidResource, buy };
}
