import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { advertisements, reviewReports, reviews, texts, users } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser } from "../../test/factories.ts";
import { type ConsoleTestbed, consoleTestbed, NO_ID } from "./console-testbed.ts";

/** Every call of the console (console.routes.ts), with a body that would pass validation. */
const CONSOLE_CALLS: {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  payload?: object;
}[] = [
  { method: "GET", url: "/api/admin/exceptions" },
  { method: "GET", url: "/api/admin/users?q=a" },
  { method: "GET", url: `/api/admin/users/${NO_ID}` },
  { method: "PATCH", url: `/api/admin/users/${NO_ID}`, payload: { is_deactivated: true } },
  { method: "POST", url: `/api/admin/users/${NO_ID}/verification-email` },
  { method: "GET", url: "/api/admin/site-settings/changes" },
  { method: "PUT", url: "/api/texts/home.title", payload: { value: "Hijacked" } },
  { method: "DELETE", url: "/api/texts/home.title" },
  { method: "POST", url: "/api/admin/site-images/welcome/variations", payload: {} },
  { method: "PATCH", url: `/api/admin/site-images/welcome/variations/${NO_ID}`, payload: { alt: "x" } },
  { method: "DELETE", url: `/api/admin/site-images/welcome/variations/${NO_ID}` },
];

describe("admin console", () => {
  const { bed, call } = consoleTestbed();
  let t: TestApp;
  let admin: ConsoleTestbed["admin"];
  let asMaster: { authorization: string };
  let asAdmin: { authorization: string };
  let asTeacher: { authorization: string };
  beforeAll(() => {
    ({ t, admin, asMaster, asAdmin, asTeacher } = bed);
  });

  describe("refuses everybody but admins on every call", () => {
    it.each(CONSOLE_CALLS)("$method $url", async ({ method, url, payload }) => {
      const anonymous = await call(method, url, {}, payload);
      expect(anonymous.statusCode).toBe(401);
      const plain = await call(method, url, asTeacher, payload);
      expect(plain.statusCode).toBe(403);
      expect(plain.json().error).toBe("forbidden");
    });

    it("changes nothing when a non-admin tries", async () => {
      await call("PUT", "/api/texts/home.title", asTeacher, { value: "Hijacked" });
      const [row] = await t.db.select().from(texts).where(eq(texts.key, "home.title"));
      expect(row?.value ?? "").not.toBe("Hijacked");
      expect((await call("PATCH", "/api/colors/tile-1", asTeacher, { css: "#000000" })).statusCode).toBe(403);
      expect((await call("GET", "/api/colors", asTeacher)).statusCode).toBe(403);
      await call("PATCH", `/api/admin/users/${admin.id}`, asTeacher, { is_deactivated: true });
      const [still] = await t.db.select().from(users).where(eq(users.id, admin.id));
      expect(still?.is_deactivated).toBe(false);
    });

    it("refuses a revoked admin at once, with the token it still holds", async () => {
      const former = await makeAdmin(t.db);
      const auth = await t.authHeader(former.username);
      expect((await call("GET", "/api/admin/exceptions", auth)).statusCode).toBe(200);
      expect(
        (await call("PATCH", `/api/admin/users/${former.id}`, asMaster, { role: "user" })).statusCode,
      ).toBe(200);
      expect((await call("GET", "/api/admin/exceptions", auth)).statusCode).toBe(403);
    });
  });

  it("counts what waits in each exception queue", async () => {
    const before = (await call("GET", "/api/admin/exceptions", asAdmin)).json();
    const creator = await makeUser(t.db);
    await makeResource(t.db, {
      users_id: creator.id,
      approval_status: "awaiting_approval",
      status: "inactive",
    });
    await t.db
      .insert(advertisements)
      .values({ users_id: creator.id, ad_type: "1", approval_status: "awaiting_approval" });
    // A review two readers reported waits once; one whose report is settled does not wait.
    const listed = await makeResource(t.db, { users_id: creator.id });
    const [author, readerA, readerB] = await Promise.all([makeUser(t.db), makeUser(t.db), makeUser(t.db)]);
    const [reported, settled] = await t.db
      .insert(reviews)
      .values([
        { resource_id: listed.id, users_id: author.id, rating: 1 },
        { resource_id: listed.id, users_id: readerA.id, rating: 5 },
      ])
      .returning();
    await t.db.insert(reviewReports).values([
      { review_id: reported!.id, users_id: readerA.id, reason: "spam" },
      { review_id: reported!.id, users_id: readerB.id, reason: "offensive" },
      {
        review_id: settled!.id,
        users_id: readerB.id,
        reason: "spam",
        resolved_at: new Date(),
        resolution: "kept",
      },
    ]);
    const after = (await call("GET", "/api/admin/exceptions", asAdmin)).json();
    expect(after).toMatchObject({
      resources: before.resources + 1,
      advertisements: before.advertisements + 1,
      payouts: before.payouts,
      supportThreads: before.supportThreads,
      reviews: before.reviews + 1,
    });
  });
});
