import { addDays, formatSaleEnd } from "@market/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../db/schema/index.ts";
import { minimalPdf } from "../../db/seed/pdf.ts";
import type { TestApp } from "../../test/app.ts";
import { decodeQuotedPrintable } from "../../test/mail.ts";
import { overlapping } from "../../test/race.ts";
import { png, publishingTestbed } from "./publishing-testbed.ts";

describe("publishing: approval, review and the creator's status changes", () => {
  const { bed, today, call, newResource, completeText, uploadFile, uploadPreview } = publishingTestbed();
  let t: TestApp;
  let creator: { authorization: string };
  let creatorEmail: string;
  let stranger: { authorization: string };
  let admin: { authorization: string };
  beforeAll(() => {
    ({ t, creator, creatorEmail, stranger, admin } = bed);
  });

  it("takes a complete paid resource through approval into the catalogue, and out and back again", async () => {
    const { id, name } = await newResource("Sale Journey Cards");
    const incomplete = await call("POST", `/resources/${id}/approval-request`, creator);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toMatchObject({
      description: "required",
      files: "files_required",
      images: "images_required",
    });

    await completeText(id);
    await uploadFile(id, "cards.pdf", minimalPdf({ title: "Cards" }));
    await uploadFile(id, "cards-full.pdf", minimalPdf({ title: "Cards, full" }), true);
    await call("PATCH", `/resources/${id}`, creator, {
      price: 400,
      sale_price: 300,
      sale_end: formatSaleEnd(addDays(today(), 5)),
    });
    await uploadPreview(id, await png(692, 896));
    const twoImages = await call("POST", `/resources/${id}/approval-request`, creator);
    // A paid resource needs at least 3 images (spec 5).
    expect(twoImages.json().fields).toEqual({ images: "three_images_required" });
    await uploadPreview(id, await png(692, 896, "#abcdef"));
    await uploadPreview(id, await png(692, 896, "#fedcba"));

    const submitted = await call("POST", `/resources/${id}/approval-request`, creator);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      approval_status: "awaiting_approval",
      upload_status: 1,
      derivedStatus: "inReview",
      editable: false,
    });
    const locked = await call("PATCH", `/resources/${id}`, creator, { subtitle: "Changed" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe("resource_not_editable");
    expect(
      (await call("GET", "/resources?pageSize=48", {}))
        .json()
        .resources.some((r: { id: string }) => r.id === id),
    ).toBe(false);

    const queue = (await call("GET", "/admin/resources/review-queue", admin)).json();
    expect(queue.resources).toContainEqual(
      expect.objectContaining({
        id,
        status: "inactive",
        curator_score: null,
        approval_status: "awaiting_approval",
      }),
    );
    expect((await call("GET", "/admin/resources/review-queue", creator)).statusCode).toBe(403);
    const scored = await call("PATCH", `/admin/resources/${id}/curator-score`, admin, { curator_score: 87 });
    expect(scored.json().curator_score).toBe(87);

    const approved = await call("POST", `/admin/resources/${id}/approve`, admin);
    expect(approved.json()).toMatchObject({
      approval_status: "approved",
      status: "active",
      upload_status: 2,
      derivedStatus: "active",
    });
    const newest = (await call("GET", "/resources?sort=newest&pageSize=48", {})).json();
    expect(newest.resources).toContainEqual(expect.objectContaining({ name, price: 400, sale_price: 300 }));
    const mail = decodeQuotedPrintable((await t.sentMail()).at(-1)!);
    expect(mail).toContain(`To: ${creatorEmail}`);
    expect(mail).toContain(`/resources/${name}`);

    // Active: not editable; deactivate (5) hides it, reactivate (2) shows it again without review.
    expect((await call("PATCH", `/resources/${id}`, creator, { subtitle: "Changed" })).statusCode).toBe(409);
    const off = await call("POST", `/resources/${id}/deactivate`, creator);
    expect(off.json()).toMatchObject({ upload_status: 5, derivedStatus: "deactivated", status: "inactive" });
    expect((await call("GET", `/resources/${name}`, {})).statusCode).toBe(404);
    const on = await call("POST", `/resources/${id}/reactivate`, creator);
    expect(on.json()).toMatchObject({ upload_status: 2, derivedStatus: "active" });
    expect((await call("GET", `/resources/${name}`, {})).json().sale_price).toBe(300);
    expect((await call("POST", `/resources/${id}/reactivate`, creator)).statusCode).toBe(409);

    // A changed deactivated resource needs a new review before it is listed again.
    await call("POST", `/resources/${id}/deactivate`, creator);
    const changed = await call("PATCH", `/resources/${id}`, creator, { subtitle: "New subtitle" });
    expect(changed.json()).toMatchObject({ derivedStatus: "inactive", requires_approval: true });
    expect((await call("POST", `/resources/${id}/reactivate`, creator)).json().error).toBe(
      "invalid_resource_state",
    );
  });

  /** A complete free resource, submitted: awaiting approval. */
  const ready = async (title: string) => {
    const { id } = await newResource(title);
    await completeText(id);
    await uploadFile(id, "free.pdf", minimalPdf({ title }));
    await uploadPreview(id, await png(692, 896));
    expect((await call("POST", `/resources/${id}/approval-request`, creator)).statusCode).toBe(200);
    return id;
  };

  it("rejects with a reason the creator receives by e-mail, skips out of the queue, cancels a request", async () => {
    const rejectedId = await ready("Needs Work");
    expect(
      (await call("POST", `/admin/resources/${rejectedId}/reject`, admin, { reason: "" })).statusCode,
    ).toBe(400);
    const rejected = await call("POST", `/admin/resources/${rejectedId}/reject`, admin, {
      reason: "The answer key on page 3 is wrong.",
    });
    expect(rejected.json()).toMatchObject({
      approval_status: "rejected",
      derivedStatus: "rejected",
      editable: true,
    });
    const mail = decodeQuotedPrintable((await t.sentMail()).at(-1)!);
    expect(mail).toContain("The answer key on page 3 is wrong.");
    expect(
      (await call("PATCH", `/resources/${rejectedId}`, creator, { subtitle: "Fixed key" })).statusCode,
    ).toBe(200);
    expect((await call("POST", `/resources/${rejectedId}/approval-request`, creator)).statusCode).toBe(200);

    const skippedId = await ready("Later Please");
    await call("POST", `/admin/resources/${skippedId}/skip`, admin);
    const queue = (await call("GET", "/admin/resources/review-queue", admin)).json();
    expect(queue.resources.map((r: { id: string }) => r.id)).toContain(rejectedId);
    expect(queue.resources.map((r: { id: string }) => r.id)).not.toContain(skippedId);
    expect((await call("POST", `/admin/resources/${skippedId}/approve`, admin)).statusCode).toBe(409);

    const cancelledId = await ready("Changed My Mind");
    const cancelled = await call("DELETE", `/resources/${cancelledId}/approval-request`, creator);
    expect(cancelled.json()).toMatchObject({ upload_status: 0, derivedStatus: "incomplete", editable: true });
    const publishing = (await call("GET", "/users/self/publishing", creator)).json();
    expect(publishing.resources.find((r: { id: string }) => r.id === cancelledId)).toMatchObject({
      derivedStatus: "incomplete",
      actions: ["edit", "submit", "delete"],
    });
    expect(publishing.resources.find((r: { id: string }) => r.id === rejectedId).derivedStatus).toBe(
      "inReview",
    );
  });

  it("takes one decision when two admins approve and skip a resource at once", async () => {
    const id = await ready("Two Reviewers");
    // On PostgreSQL both are held at their update of the resource; the second finds it decided already.
    const answers = await overlapping(t.databaseUrl, "resources", 2, () =>
      Promise.all([
        call("POST", `/admin/resources/${id}/approve`, admin),
        call("POST", `/admin/resources/${id}/skip`, admin),
      ]),
    );
    expect(answers.map((a) => [a.statusCode, a.json().error]).sort()).toEqual([
      [200, undefined],
      [409, "invalid_resource_state"],
    ]);
    const [row] = await t.db.select().from(resources).where(eq(resources.id, id));
    const approved = answers[0]!.statusCode === 200;
    expect([row!.approval_status, row!.status]).toEqual(
      approved ? ["approved", "active"] : ["skipped", "inactive"],
    );
  });

  it("lets the admin reviewing a submission open its files, premium too, without counting a download; nobody else", async () => {
    const { id } = await newResource("Review My Files");
    await completeText(id);
    const free = minimalPdf({ title: "Worksheet for review" });
    const full = minimalPdf({ title: "Full version for review", lines: ["All pages"] });
    const freeFile = (await uploadFile(id, "worksheet’s copy.pdf", free)).json().file;
    const premiumFile = (await uploadFile(id, "full.pdf", full, true)).json().file;
    await call("PATCH", `/resources/${id}`, creator, { price: 300 });
    for (const color of ["#111111", "#222222", "#333333"])
      await uploadPreview(id, await png(692, 896, color));
    expect((await call("POST", `/resources/${id}/approval-request`, creator)).statusCode).toBe(200);

    // The queue names each item's files, so the reviewer can open them from there.
    const queue = (await call("GET", "/admin/resources/review-queue?pageSize=48", admin)).json();
    expect(queue.resources.find((r: { id: string }) => r.id === id).files).toEqual([
      { id: freeFile.id, name: "worksheet’s copy.pdf", size_bytes: free.length, is_premium_file: false },
      { id: premiumFile.id, name: "full.pdf", size_bytes: full.length, is_premium_file: true },
    ]);

    const url = (fileId: string, resource = id) => `/admin/resources/${resource}/files/${fileId}`;
    const opened = await call("GET", url(premiumFile.id), admin);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(full)).toBe(true);
    expect(opened.headers["content-type"]).toBe("application/pdf");
    expect(opened.headers["cache-control"]).toBe("private, no-store");
    const named = await call("GET", url(freeFile.id), admin);
    expect(named.headers["content-disposition"]).toBe(
      `attachment; filename="worksheet_s_copy.pdf"; filename*=UTF-8''worksheet%E2%80%99s%20copy.pdf`,
    );
    const [row] = await t.db.select().from(resources).where(eq(resources.id, id));
    expect(row!.download_count).toBe(0);

    // Not the creator, not another user, not a visitor: the reviewer's door is for admins only.
    expect((await call("GET", url(premiumFile.id), creator)).statusCode).toBe(403);
    expect((await call("GET", url(premiumFile.id), stranger)).statusCode).toBe(403);
    expect((await call("GET", url(premiumFile.id), {})).statusCode).toBe(401);
    // A file of another resource, an unknown resource, a malformed id.
    const other = await newResource("Someone Else's Files");
    const otherFile = (await uploadFile(other.id, "other.pdf", free)).json().file;
    expect((await call("GET", url(otherFile.id), admin)).statusCode).toBe(404);
    expect((await call("GET", url(freeFile.id, "no-such-resource"), admin)).statusCode).toBe(404);
    expect((await call("GET", url("not-a-uuid"), admin)).statusCode).toBe(400);
  });

  it("cancels a review request with POST /cancel (upload status 0) and keeps files out while in review", async () => {
    const { id } = await newResource("Cancel Route");
    await completeText(id);
    await uploadFile(id, "free.pdf", minimalPdf({ title: "Free" }));
    await uploadPreview(id, await png(692, 896));
    expect((await call("POST", `/resources/${id}/approval-request`, creator)).statusCode).toBe(200);
    const blocked = await uploadFile(id, "late.pdf", minimalPdf({ title: "Late" }));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toBe("resource_not_editable");
    const cancelled = await call("POST", `/resources/${id}/cancel`, creator);
    expect(cancelled.json()).toMatchObject({ upload_status: 0, derivedStatus: "incomplete" });
    expect((await call("POST", `/resources/${id}/cancel`, creator)).statusCode).toBe(409);
  });
});
