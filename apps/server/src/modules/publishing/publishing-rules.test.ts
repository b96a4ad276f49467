import { addDays, dayInZone, formatSaleEnd } from "@market/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceFiles, resources } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeAdmin, makeResource, makeUser } from "../../test/factories.ts";

/** A 340-380 character description (spec 5). */
const DESCRIPTION = "Students practise adding fractions with like denominators through twenty cards. "
  .repeat(5)
  .slice(0, 360)
  .trim();

/**
 * Publishing rules the wizard checks in the browser, proved to be the server's too: the editing
 * permission, a paid resource's premium file (premium_file_required) before it is submitted or listed
 * again, and a sale end without a sale price (sale_price_min_with_date).
 */
describe("publishing: rules the server enforces, not only the wizard", () => {
  let t: TestApp;
  let creatorId: string;
  let creator: { authorization: string };
  let admin: { authorization: string };
  const today = () => dayInZone(new Date(), "America/New_York");

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await makeUser(t.db);
    creatorId = user.id;
    creator = await t.authHeader(user.username);
    admin = await t.authHeader((await makeAdmin(t.db)).username);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      payload,
    });
  const rowOf = async (id: string) => (await t.db.select().from(resources).where(eq(resources.id, id)))[0]!;

  /** A resource every submission check passes, but for what `files` leaves out. */
  async function paidResource(
    overrides: Partial<typeof resources.$inferInsert> = {},
    files: { premium: boolean }[] = [{ premium: false }, { premium: true }],
  ) {
    const row = await makeResource(t.db, {
      users_id: creatorId,
      price: 500,
      subtitle: "Print and go",
      description: DESCRIPTION,
      skills: ["adding fractions"],
      standards: ["3.NF.A.1"],
      keywords: ["fractions"],
      reading_levels: "Grade 3",
      ...overrides,
    });
    for (const [i, file] of files.entries()) {
      await t.db.insert(resourceFiles).values({
        resource_id: row.id,
        name: `file-${i}.pdf`,
        storage_key: `files/${row.id}/file-${i}.pdf`,
        content_type: "application/pdf",
        size_bytes: 1000,
        is_premium_file: file.premium,
      });
    }
    for (let i = 0; i < 3; i++) await addPreview(t.db, row.id, i);
    return row;
  }
  const draft = { approval_status: "creating", status: "inactive", upload_status: 0, published_at: null };

  it("refuses to submit a paid resource without a premium file, and submits it with one", async () => {
    const row = await paidResource(draft, [{ premium: false }]);
    const refused = await call("POST", `/resources/${row.id}/approval-request`, creator);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: "validation_failed",
      fields: { files: "premium_file_required" },
    });
    expect(Object.keys(refused.json().fields)).toEqual(["files"]);
    expect(await rowOf(row.id)).toEqual(row);

    const complete = await paidResource(draft);
    const submitted = await call("POST", `/resources/${complete.id}/approval-request`, creator);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().approval_status).toBe("awaiting_approval");
  });

  it("refuses to list a paid resource again once its premium file is gone (reactivate, approve)", async () => {
    const row = await paidResource();
    const [premium] = await t.db
      .select()
      .from(resourceFiles)
      .where(eq(resourceFiles.resource_id, row.id))
      .then((files) => files.filter((f) => f.is_premium_file));
    expect((await call("POST", `/resources/${row.id}/deactivate`, creator)).statusCode).toBe(200);
    // A deactivated resource may be edited without a new review (spec 4), files included.
    expect((await call("DELETE", `/resources/files/${premium!.id}`, creator)).statusCode).toBe(200);
    const reactivated = await call("POST", `/resources/${row.id}/reactivate`, creator);
    expect(reactivated.statusCode).toBe(400);
    expect(reactivated.json()).toMatchObject({
      error: "validation_failed",
      fields: { files: "premium_file_required" },
    });
    expect(await rowOf(row.id)).toMatchObject({ status: "inactive", approval_status: "approved" });
    const listed = await call("GET", `/resources/${row.name}`, {});
    expect(listed.statusCode).toBe(404);

    // An admin may change a resource in review; approving one that lost its premium file is refused too.
    const queued = await paidResource({ ...draft, approval_status: "awaiting_approval", upload_status: 1 }, [
      { premium: false },
    ]);
    const approved = await call("POST", `/admin/resources/${queued.id}/approve`, admin);
    expect(approved.statusCode).toBe(400);
    expect(approved.json().fields).toEqual({ files: "premium_file_required" });
    expect(await rowOf(queued.id)).toEqual(queued);
  });

  it("refuses a sale end without a sale price (sale_price_min_with_date), storing nothing", async () => {
    const row = await paidResource(draft);
    const tomorrow = formatSaleEnd(addDays(today(), 1));
    for (const body of [{ sale_price: 0, sale_end: tomorrow }, { sale_end: tomorrow }]) {
      const res = await call("PATCH", `/resources/${row.id}`, creator, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        sale_price: "sale_price_min_with_date",
        sale_end: "sale_price_min_with_date",
      });
    }
    expect(await rowOf(row.id)).toEqual(row);

    // Nor is a resource submitted with one, however the row came to hold it.
    await t.db
      .update(resources)
      .set({ sale_end: addDays(today(), 1) })
      .where(eq(resources.id, row.id));
    const submitted = await call("POST", `/resources/${row.id}/approval-request`, creator);
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json().fields).toEqual({
      sale_price: "sale_price_min_with_date",
      sale_end: "sale_price_min_with_date",
    });
  });

  it("needs the editing permission to change a resource (spec 6: upload and editing)", async () => {
    const limited = await makeUser(t.db, { perm_editing: false });
    const auth = await t.authHeader(limited.username);
    const row = await paidResource({ ...draft, users_id: limited.id });
    const attempts: [string, string, object?][] = [
      ["POST", "/resources", { title: "New cards" }],
      ["PATCH", `/resources/${row.id}`, { subtitle: "Changed" }],
      ["POST", `/resources/${row.id}/approval-request`],
      ["DELETE", `/resources/${row.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, auth, body);
      expect({ call: `${method} ${url}`, status: res.statusCode, error: res.json().error }).toEqual({
        call: `${method} ${url}`,
        status: 403,
        error: "missing_permission",
      });
    }
    expect(await rowOf(row.id)).toEqual(row);
    expect(await t.db.select().from(resources).where(eq(resources.users_id, limited.id))).toHaveLength(1);
  });
});
