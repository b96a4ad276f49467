import { addDays, formatSaleEnd } from "@market/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { resourceFiles, resourcePreviews, resources } from "../../db/schema/index.ts";
import { minimalPdf } from "../../db/seed/pdf.ts";
import type { TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { png, publishingTestbed } from "./publishing-testbed.ts";

describe("publishing: the wizard's calls, files, previews, prices", () => {
  const { bed, today, call, newResource, uploadFile, uploadPreview } = publishingTestbed();
  let t: TestApp;
  let creator: { authorization: string };
  let stranger: { authorization: string };
  let admin: { authorization: string };
  beforeAll(() => {
    ({ t, creator, stranger, admin } = bed);
  });

  it("creates a resource from its title, checks each step with the spec's limits, replaces restricted words", async () => {
    const tooLong = await call("POST", "/resources", creator, { title: "x".repeat(33) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ title: "too_long" });

    const created = await newResource("Darn Good Fractions");
    const edit = (await call("GET", `/resources/${created.id}/edit`, creator)).json();
    expect(edit).toMatchObject({
      name: "darn-good-fractions",
      title: "Darn Good Fractions",
      approval_status: "creating",
      derivedStatus: "incomplete",
      upload_status: 0,
      editable: true,
      step: "title",
    });

    const bad = await call("PATCH", `/resources/${created.id}`, creator, {
      subject_area: "Art",
      description: "x".repeat(339),
      skills: ["a".repeat(21)],
      reading_levels: "r".repeat(41),
      subtitle: "s".repeat(26),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      subject_area: "too_short",
      description: "too_short",
      skills: "item_too_long",
      reading_levels: "too_long",
      subtitle: "too_long",
    });
    // Nothing of a refused save is kept.
    expect((await call("GET", `/resources/${created.id}/edit`, creator)).json().subject_area).toBe("");

    // 48 characters are allowed with a display value (spec 5).
    const long = await call("PATCH", `/resources/${created.id}`, creator, {
      title: "t".repeat(48),
      display: "Short display",
    });
    expect(long.statusCode).toBe(200);
    const saved = await call("PATCH", `/resources/${created.id}`, creator, {
      subtitle: "darn quick practice",
      keywords: "Darn, fractions, fractions",
      step: "subject-area",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      subtitle: "gosh quick practice",
      keywordsArray: ["Gosh", "fractions"],
      step: "categories",
    });
    // The title is not a restricted-words field (spec 5).
    const retitled = await call("PATCH", `/resources/${created.id}`, creator, {
      title: "Darn Good",
      display: null,
    });
    expect(retitled.json().title).toBe("Darn Good");
  });

  it("takes files as multipart or base64, keeps one premium file, and refuses what exceeds maxCombinedFileSize", async () => {
    const { id } = await newResource("File Rules");
    const pdf = minimalPdf({ title: "Student pages", lines: ["Page one"] });
    const first = await uploadFile(id, "../../etc/student pages.pdf", pdf);
    expect(first.statusCode).toBe(201);
    expect(first.json().file).toMatchObject({
      name: "student pages.pdf",
      size_bytes: pdf.length,
      is_premium_file: false,
      status: 1,
    });

    const base64 = await call("POST", `/resources/${id}/files`, creator, {
      file: Buffer.from("answer key").toString("base64"),
      name: "answers.txt",
    });
    expect(base64.statusCode).toBe(201);
    const premium1 = await uploadFile(id, "full.pdf", pdf, true);
    const premium2 = await uploadFile(id, "full-v2.pdf", pdf, true);
    expect(premium2.json().file.is_premium_file).toBe(true);
    const files = await t.db.select().from(resourceFiles).where(eq(resourceFiles.resource_id, id));
    expect(files.filter((f) => f.is_premium_file).map((f) => f.id)).toEqual([premium2.json().file.id]);
    expect(files.some((f) => f.id === premium1.json().file.id)).toBe(false);

    await call("PATCH", "/site-settings", admin, { maxCombinedFileSize: 1 });
    try {
      const big = Buffer.alloc(600_000, 1);
      expect((await uploadFile(id, "big.pdf", big)).statusCode).toBe(201);
      const over = await uploadFile(id, "more.pdf", Buffer.alloc(500_000, 2));
      expect(over.statusCode).toBe(413);
      expect(over.json().fields).toEqual({ files: "combined_size_exceeded" });
      // Premium files are excluded from the combined size (spec 5).
      expect((await uploadFile(id, "full-v3.pdf", Buffer.alloc(900_000, 3), true)).statusCode).toBe(201);
    } finally {
      await call("PATCH", "/site-settings", admin, { maxCombinedFileSize: 200 });
    }
    const count = (await t.db.select().from(resourceFiles).where(eq(resourceFiles.resource_id, id))).length;
    expect(count).toBe(4);

    const removed = await call("DELETE", `/resources/files/${first.json().file.id}`, creator);
    expect(removed.json()).toEqual({ deleted: true });
    expect((await call("DELETE", `/resources/files/${first.json().file.id}`, creator)).statusCode).toBe(404);
  });

  it("checks preview images from their content and keeps the order the spec describes", async () => {
    const { id } = await newResource("Preview Rules");
    const small = await uploadPreview(id, await png(691, 896));
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({ error: "insufficient_dimensions" });
    const text = await uploadPreview(id, Buffer.from("not an image at all, just text"));
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe("unsupported_type");
    const noisy = await sharp({
      create: {
        width: 1000,
        height: 1000,
        channels: 3,
        background: "#000000",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1_000_000);
    expect((await uploadPreview(id, noisy)).json().error).toBe("too_large");

    const a = (await uploadPreview(id, await png(692, 896, "#ff0000"))).json().preview;
    const b = (await uploadPreview(id, await png(800, 1000, "#00ff00"))).json().preview;
    const c = (await uploadPreview(id, await png(692, 896, "#0000ff"), { orderIndex: "-1" })).json().preview;
    expect(c.order_index).toBe(0);
    const order = async () =>
      (await t.db.select().from(resourcePreviews).where(eq(resourcePreviews.resource_id, id)))
        .sort((x, y) => x.order_index - y.order_index)
        .map((p) => [p.id, p.order_index]);
    expect(await order()).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    // Toggling off sets 999; the rest close up.
    await call("PATCH", `/resources/previews/${a.id}`, creator, { orderIndex: 999 });
    expect(await order()).toEqual([
      [c.id, 0],
      [b.id, 1],
      [a.id, 999],
    ]);
    // The cover is order -1, then normalised to 0.
    await call("PATCH", `/resources/previews/${b.id}`, creator, { orderIndex: -1 });
    expect(await order()).toEqual([
      [b.id, 0],
      [c.id, 1],
      [a.id, 999],
    ]);
    await call("DELETE", `/resources/previews/${b.id}`, creator);
    expect(await order()).toEqual([
      [c.id, 0],
      [a.id, 999],
    ]);
    // What is served is our re-encoded image.
    const served = await t.app.inject({ method: "GET", url: `/api/files/${c.locator}` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
  });

  it("renders previews from an uploaded PDF's pages and turns a chosen page into a preview", async () => {
    const { id } = await newResource("Generated Pages");
    await uploadFile(id, "pages.pdf", minimalPdf({ title: "Page", lines: ["One"] }));
    const generated = await call("GET", `/resources/${id}/previews/generated`, creator);
    expect(generated.statusCode).toBe(200);
    const [page] = generated.json().previews;
    expect(page.width).toBeGreaterThanOrEqual(692);
    expect(page.height).toBeGreaterThanOrEqual(896);
    const added = await call("POST", `/resources/${id}/previews`, creator, {
      generatedPreviewName: page.name,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().preview).toMatchObject({ generated_name: page.name, order_index: 0 });
    const unknown = await call("POST", `/resources/${id}/previews`, creator, {
      generatedPreviewName: "00000000-0000-0000-0000-000000000000-1",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers the price step with the spec's server codes", async () => {
    const { id } = await newResource("Price Codes");
    const patch = (body: object) => call("PATCH", `/resources/${id}`, creator, body);
    const fields = async (body: object) => (await patch(body)).json().fields;
    expect(await fields({ price: 99 })).toEqual({ price: "invalid_price" });
    expect(await fields({ price: 10_001 })).toEqual({ price: "invalid_price" });
    expect((await patch({ price: 500 })).statusCode).toBe(200);
    const tomorrow = formatSaleEnd(addDays(today(), 1));
    expect(await fields({ sale_price: 500, sale_end: tomorrow })).toEqual({
      sale_price: "invalid_sale_price_high",
    });
    expect(await fields({ sale_price: 50, sale_end: tomorrow })).toEqual({
      sale_price: "invalid_sale_price",
    });
    expect(await fields({ sale_price: 300, sale_end: "" })).toEqual({ sale_end: "sale_end_empty" });
    expect(await fields({ sale_price: 300, sale_end: "13/40/2026" })).toEqual({
      sale_end: "sale_end_invalid",
    });
    expect(await fields({ sale_price: 300, sale_end: formatSaleEnd(addDays(today(), -1)) })).toEqual({
      sale_end: "sale_end_in_past",
    });
    expect(await fields({ sale_price: 300, sale_end: formatSaleEnd(addDays(today(), 31)) })).toEqual({
      sale_end: "sale_end_not_within_thirty_days",
    });
    const onSale = await patch({ sale_price: 300, sale_end: formatSaleEnd(addDays(today(), 30)) });
    expect(onSale.json()).toMatchObject({ price: 500, sale_price: 300, sale_end: addDays(today(), 30) });
    const open = await patch({ sale_end: "*" });
    expect(open.json().sale_end).toBe(addDays(today(), 30));
    // A premium file makes a free price invalid (spec 5: 0 is ok only without one).
    await uploadFile(id, "full.pdf", minimalPdf({ title: "Full" }), true);
    expect(await fields({ price: 0, sale_price: 0, sale_end: "" })).toEqual({ price: "invalid_price" });
    const ended = await patch({ sale_price: 0, sale_end: "" });
    expect(ended.json()).toMatchObject({ sale_price: null, sale_end: null });
  });

  it("deletes a resource with its stored files and previews (the wizard's step 14)", async () => {
    const { id } = await newResource("Short Lived");
    const file = (await uploadFile(id, "gone.pdf", minimalPdf({ title: "Gone" }))).json().file;
    const preview = (await uploadPreview(id, await png(692, 896))).json().preview;
    const [stored] = await t.db.select().from(resourceFiles).where(eq(resourceFiles.id, file.id));
    expect(await t.app.deps.storage.read(stored!.storage_key)).not.toBeNull();
    const res = await call("DELETE", `/resources/${id}`, creator);
    expect(res.json()).toEqual({ deleted: true, step: 14 });
    expect(await t.app.deps.storage.read(stored!.storage_key)).toBeNull();
    expect(await t.app.deps.storage.read(preview.locator)).toBeNull();
    expect((await t.db.select().from(resources).where(eq(resources.id, id))).length).toBe(0);
  });

  it("lets nobody but the creator or an admin change a resource, a file or a preview", async () => {
    const { id } = await newResource("Mine Alone");
    const file = (await uploadFile(id, "mine.pdf", minimalPdf({ title: "Mine" }))).json().file;
    const preview = (await uploadPreview(id, await png(692, 896))).json().preview;
    const before = JSON.stringify((await call("GET", `/resources/${id}/edit`, creator)).json());

    const pdf = minimalPdf({ title: "Theirs" });
    const attempts = [
      () => call("GET", `/resources/${id}/edit`, stranger),
      () => call("PATCH", `/resources/${id}`, stranger, { subtitle: "Hijacked" }),
      () => call("DELETE", `/resources/${id}`, stranger),
      () => uploadFile(id, "evil.pdf", pdf, false, stranger),
      () => call("DELETE", `/resources/files/${file.id}`, stranger),
      async () => uploadPreview(id, await png(692, 896), {}, stranger),
      () => call("PATCH", `/resources/previews/${preview.id}`, stranger, { orderIndex: 999 }),
      () => call("DELETE", `/resources/previews/${preview.id}`, stranger),
      () => call("GET", `/resources/${id}/previews/generated`, stranger),
      () => call("POST", `/resources/${id}/approval-request`, stranger),
      () => call("DELETE", `/resources/${id}/approval-request`, stranger),
      () => call("POST", `/resources/${id}/deactivate`, stranger),
      () => call("POST", `/resources/${id}/reactivate`, stranger),
      () => call("POST", `/resources/${id}/cancel`, stranger),
      () => call("POST", `/admin/resources/${id}/approve`, stranger),
      () => call("POST", `/admin/resources/${id}/reject`, stranger, { reason: "no" }),
      () => call("POST", `/admin/resources/${id}/skip`, stranger),
      () => call("PATCH", `/admin/resources/${id}/curator-score`, stranger, { curator_score: 1 }),
    ];
    for (const attempt of attempts) expect([403, 404]).toContain((await attempt()).statusCode);
    expect((await call("PATCH", `/resources/${id}`, {}, { subtitle: "Anonymous" })).statusCode).toBe(401);
    expect(JSON.stringify((await call("GET", `/resources/${id}/edit`, creator)).json())).toBe(before);

    // A creator without the upload permission may not publish (spec 6: upload and editing).
    const limited = await makeUser(t.db, { perm_upload: false });
    const res = await call("POST", "/resources", await t.authHeader(limited.username), { title: "Nope" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("missing_permission");

    // An admin may correct anybody's resource.
    expect((await call("PATCH", `/resources/${id}`, admin, { subtitle: "Admin fix" })).json().subtitle).toBe(
      "Admin fix",
    );
  });

  it("takes the resources-preview variant with selected, keeping an unselected image at order 999", async () => {
    const { id } = await newResource("Preview Variant");
    const body = multipart(
      { selected: "false", name: "page.png" },
      { name: "page.png", data: await png(692, 896) },
    );
    const res = await t.app.inject({
      method: "POST",
      url: `/api/resources/${id}/resources-preview`,
      headers: { ...creator, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().preview.order_index).toBe(999);
    const base64 = await call("POST", `/resources/${id}/previews`, creator, {
      file: (await png(692, 896)).toString("base64"),
      name: "b64.png",
    });
    expect(base64.json().preview.order_index).toBe(0);
  });
});
