import { existsSync } from "node:fs";
import { join } from "node:path";
import type { BulkEmailState } from "@market/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources, users } from "../db/schema/index.ts";
import { minimalPdf } from "../db/seed/pdf.ts";
import { jobDefinitions } from "../jobs.registry.ts";
import { buildSecondInstance, buildTestApp, type TestApp } from "../test/app.ts";
import { makeAdmin, makeUser } from "../test/factories.ts";
import { multipart } from "../test/multipart.ts";
import { startS3Server, type TestS3Server } from "../test/s3-server.ts";
import type { AppInstance } from "./app-types.ts";
import { createJobWorker } from "./jobs.ts";

const silent = { info() {}, error() {}, warn() {}, debug() {}, child: () => silent } as never;

/** Waits for a condition, checking every 25 ms (no fixed sleeps), failing after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Issue 24: two app instances on one PostgreSQL and one S3-protocol server, as two machines behind a load
 * balancer: each has its own database pool and its own S3 client, and neither keeps a file on its disk.
 * PostgreSQL only: PGlite is one process, and a second instance cannot open its database.
 */
describe.runIf(process.env.TEST_DB_ENGINE === "postgres")(
  "two instances sharing an S3 bucket (PostgreSQL only: PGlite cannot be opened by a second instance)",
  () => {
    let s3: TestS3Server;
    let first: TestApp;
    let second: AppInstance;
    let closeSecond: () => Promise<void>;
    let creator: { authorization: string };
    let stranger: { authorization: string };

    beforeAll(async () => {
      s3 = await startS3Server();
      // 10 mails a second: the bulk send takes a few seconds, long enough to stop it halfway.
      first = await buildTestApp({ bulkEmailRatePerMinute: 600 }, { storage: s3.storage("site") });
      ({ app: second, close: closeSecond } = await buildSecondInstance(
        first,
        {},
        { storage: s3.storage("site") },
      ));
      creator = await first.tokenFor((await makeUser(first.db)).id);
      stranger = await first.tokenFor((await makeUser(first.db)).id);
    });
    afterAll(async () => {
      await closeSecond?.();
      await first?.close();
      await s3?.close();
    });

    async function newResource(app: AppInstance, title: string): Promise<string> {
      const res = await app.inject({
        method: "POST",
        url: "/api/resources",
        headers: creator,
        payload: { title },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id;
    }

    async function upload(app: AppInstance, id: string, name: string, data: Buffer, premium = false) {
      const body = multipart({}, { name, data, type: "application/pdf" });
      const res = await app.inject({
        method: "POST",
        url: `/api/resources/${id}/files${premium ? "?demo=true" : ""}`,
        headers: { ...creator, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().file.id as string;
    }

    it("downloads through the second a file uploaded through the first, the premium one only to its owner", async () => {
      const id = await newResource(first.app, "Shared Files");
      const pdf = minimalPdf({ title: "Worksheet", lines: ["Page one"] });
      const freeId = await upload(first.app, id, "worksheet.pdf", pdf);
      // Larger than one multipart part, so it goes up in parts through the app's upload path.
      const full = Buffer.concat([pdf, Buffer.alloc(9 * 1024 * 1024, 7)]);
      const premiumId = await upload(first.app, id, "full version.pdf", full, true);
      // Published, as an admin's approval would leave it, so that anybody may see the resource's page.
      await first.db
        .update(resources)
        .set({ approval_status: "approved", status: "active", upload_status: 2, published_at: new Date() })
        .where(eq(resources.id, id));

      const download = (fileId: string, headers: Record<string, string>) =>
        second.inject({ method: "GET", url: `/api/resources/${id}/files/${fileId}/download`, headers });
      const free = await download(freeId, {});
      expect(free.statusCode).toBe(200);
      expect(free.rawPayload.equals(pdf)).toBe(true);
      const premium = await download(premiumId, creator);
      expect(premium.statusCode).toBe(200);
      expect(premium.headers["content-length"]).toBe(String(full.length));
      expect(premium.headers["content-disposition"]).toContain("full%20version.pdf");
      expect(premium.rawPayload.equals(full)).toBe(true);
      // The access checks stand in front of the bucket on every instance.
      expect((await download(premiumId, stranger)).statusCode).toBe(403);
      expect((await download(premiumId, {})).statusCode).toBe(401);
      // Nothing was kept on the instance's own disk.
      expect(existsSync(join(first.config.dataDir, "files"))).toBe(false);
    });

    it("serves from one instance the previews the other rendered, at every width and by range", async () => {
      const id = await newResource(first.app, "Shared Previews");
      await upload(second, id, "pages.pdf", minimalPdf({ title: "Page", lines: ["One"] }));
      // Rendered from the stored PDF and kept in the bucket by the first instance.
      const generated = await first.app.inject({
        method: "GET",
        url: `/api/resources/${id}/previews/generated`,
        headers: creator,
      });
      expect(generated.statusCode).toBe(200);
      const [page] = generated.json().previews as { name: string; locator: string }[];
      const rendered = await second.inject({ method: "GET", url: `/api/files/${page!.locator}` });
      expect(rendered.statusCode).toBe(200);
      expect((await sharp(rendered.rawPayload).metadata()).format).toBe("webp");

      // The second turns the first's rendered page into a preview; the first makes its smaller copy on
      // demand, and the second serves that copy, whole and by range.
      const added = await second.inject({
        method: "POST",
        url: `/api/resources/${id}/previews`,
        headers: creator,
        payload: { generatedPreviewName: page!.name },
      });
      expect(added.statusCode, added.body).toBe(201);
      const locator = added.json().preview.locator as string;
      const small = await first.app.inject({ method: "GET", url: `/api/files/${locator}?w=320` });
      expect(small.statusCode).toBe(200);
      expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
      const again = await second.inject({ method: "GET", url: `/api/files/${locator}?w=320` });
      expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
      const head = await second.inject({
        method: "GET",
        url: `/api/files/${locator}?w=320`,
        headers: { range: "bytes=0-11" },
      });
      expect(head.statusCode).toBe(206);
      expect(head.headers["content-range"]).toBe(`bytes 0-11/${small.rawPayload.length}`);
      expect(head.rawPayload.equals(small.rawPayload.subarray(0, 12))).toBe(true);
    });

    it("finishes on the second a bulk e-mail started on the first and interrupted there, one copy each", async () => {
      const admin = await makeAdmin(first.db);
      for (let i = 0; i < 19; i++) await makeUser(first.db);
      const everyone = await first.db.select({ email: users.email }).from(users);
      const adminAuth = await first.authHeader(admin.username);
      const copies = async () => {
        const count = new Map<string, number>();
        for (const mail of await first.sentMail()) {
          if (!/^Subject: Term news/m.test(mail)) continue;
          const to = /^To: (.*)$/m.exec(mail)?.[1]?.trim().toLowerCase() ?? "";
          count.set(to, (count.get(to) ?? 0) + 1);
        }
        return count;
      };
      const sentCount = async () => [...(await copies()).values()].reduce((a, b) => a + b, 0);

      const workerOne = createJobWorker({
        db: first.db,
        log: silent,
        definitions: jobDefinitions(first.app.deps),
      });
      workerOne.start(20);
      const start = await first.app.inject({
        method: "POST",
        url: "/api/users/bulk-email",
        headers: adminAuth,
        payload: { subject: "Term news", body: "Hello from Lesson Loft." },
      });
      expect(start.statusCode, start.body).toBe(202);
      const total = start.json<BulkEmailState>().progress.totalActiveUsers;

      // Halfway, the first instance stops working jobs, as it does when it is shut down.
      await until(async () => (await sentCount()) >= 5);
      await workerOne.stop();
      const atStop = await sentCount();
      expect(atStop).toBeLessThan(total);

      const workerTwo = createJobWorker({
        db: second.deps.db,
        log: silent,
        definitions: jobDefinitions(second.deps),
      });
      workerTwo.start(20);
      try {
        const progress = async () =>
          (
            await second.inject({ method: "GET", url: "/api/users/bulk-email", headers: adminAuth })
          ).json<BulkEmailState>();
        await until(async () => (await progress()).bulkSend?.finishedAt != null);
        expect((await progress()).progress).toMatchObject({ emailsSent: total, unconfirmed: 0, failed: 0 });
      } finally {
        await workerTwo.stop();
      }
      const final = await copies();
      expect(await sentCount()).toBeGreaterThan(atStop);
      expect(total).toBe(everyone.length);
      expect([...final.keys()].sort()).toEqual(everyone.map((u) => u.email.toLowerCase()).sort());
      expect([...final.values()].every((n) => n === 1)).toBe(true);
    });
  },
);
