import { REVIEW_LIMITS } from "@market/domain";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resources, reviewReports, reviews } from "../../db/schema/index.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { overlapping } from "../../test/race.ts";
import { recordDownload, recordSale, reviewsTestbed } from "./reviews-testbed.ts";

describe("reviews: writing, editing, replying, reacting", () => {
  const bed = reviewsTestbed();

  beforeAll(async () => {
    const res = await bed.call("admin", "PATCH", "/site-settings", {
      restrictedWords: [{ pattern: "darn", replacement: "gosh" }],
    });
    expect(res.status).toBe(200);
  });

  const reviewsOf = (resourceId: string) =>
    bed.t.db.select().from(reviews).where(eq(reviews.resource_id, resourceId));

  it("saves a review with the restricted words replaced, and e-mails the creator once (not on edits)", async () => {
    const { paid } = await bed.freshResources();
    const res = await bed.call("buyer", "POST", `/resources/${paid.name}/reviews`, {
      rating: 5,
      text: "  My class loved it, darn good.  ",
      gradeTaught: "3",
      usedFor: "small-group",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      resourceId: paid.id,
      rating: 5,
      text: "My class loved it, gosh good.",
      gradeTaught: "3",
      usedFor: "small-group",
      author: { id: bed.users.buyer.id, username: bed.users.buyer.username },
      helpfulCount: 0,
      helpfulByMe: false,
      reportedByMe: false,
      isHidden: false,
      reply: null,
    });
    const createdAt = new Date(res.body.createdAt as string).getTime();
    expect(new Date(res.body.editableUntil as string).getTime() - createdAt).toBe(
      REVIEW_LIMITS.editWindowDays * 86_400_000,
    );

    const before = (await bed.t.sentMail()).length;
    await bed.drain();
    const mails = (await bed.t.sentMail()).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain(`To: ${bed.users.creator.email}`);
    expect(mail).toContain(`Subject: New 5-star review of ${paid.title}`);
    expect(mail).toContain("5 out of 5 stars");
    expect(mail).toContain("My class loved it, gosh good.");
    expect(mail).toContain(`${bed.t.config.publicUrl}/resources/${paid.name}#reviews`);

    const edited = await bed.call("buyer", "PATCH", `/reviews/${res.body.id}`, { rating: 4 });
    expect(edited.status).toBe(200);
    await bed.drain();
    expect(await bed.t.sentMail()).toHaveLength(before + 1);
  });

  it("keeps one review per user when two are posted at once: one 201, one 409, one row", async () => {
    const { paid } = await bed.freshResources();
    const post = () =>
      bed.call("buyer", "POST", `/resources/${paid.id}/reviews`, { rating: 4, text: "Twice" });
    // On PostgreSQL both requests pass the check before inserting and wait together at the insert.
    const answers = await overlapping(bed.t.databaseUrl, "reviews", 2, () => Promise.all([post(), post()]));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe("already_reviewed");
    expect(await reviewsOf(paid.id)).toHaveLength(1);
  });

  describe("refusals, in their order", () => {
    it("404 for an unknown resource, or one whose page this viewer would not see", async () => {
      const none = await bed.call("buyer", "POST", "/resources/no-such-resource/reviews", { rating: 5 });
      expect([none.status, none.body.error]).toEqual([404, "not_found"]);
      for (const hidden of [{ status: "inactive" }, { approval_status: "awaiting_approval" }] as const) {
        const resource = await makeResource(bed.t.db, {
          users_id: bed.users.creator.id,
          price: 500,
          ...hidden,
        });
        await recordSale(bed.t, resource.id, bed.users.buyer.id);
        const res = await bed.call("buyer", "POST", `/resources/${resource.id}/reviews`, { rating: 5 });
        expect([res.status, res.body.error]).toEqual([404, "not_found"]);
        const list = await bed.call("buyer", "GET", `/resources/${resource.id}/reviews`);
        expect(list.status).toBe(404);
        // Its creator and the admins see its page: the creator is told it is theirs, the admin who never used it so.
        expect(
          (await bed.call("creator", "POST", `/resources/${resource.id}/reviews`, { rating: 5 })).body.error,
        ).toBe("own_resource");
        expect(
          (await bed.call("admin", "POST", `/resources/${resource.id}/reviews`, { rating: 5 })).body.error,
        ).toBe("not_a_buyer");
      }
    });

    it("409 already_reviewed comes before 403 not_a_buyer", async () => {
      const { paid } = await bed.freshResources();
      await bed.writeReview(bed.users.nonBuyer, paid);
      const res = await bed.call("nonBuyer", "POST", `/resources/${paid.id}/reviews`, { rating: 5 });
      expect([res.status, res.body.error]).toEqual([409, "already_reviewed"]);
    });

    it("counts a claimed gift for its recipient, not for the one who gave it", async () => {
      const resource = await makeResource(bed.t.db, { users_id: bed.users.creator.id, price: 500 });
      const giver = await makeUser(bed.t.db);
      const recipient = await makeUser(bed.t.db);
      await recordSale(bed.t, resource.id, giver.id, { to: recipient.id });
      const asGiver = await bed.call(
        await bed.t.tokenFor(giver.id),
        "POST",
        `/resources/${resource.id}/reviews`,
        {
          rating: 5,
        },
      );
      expect([asGiver.status, asGiver.body.error]).toEqual([403, "not_a_buyer"]);
      const asRecipient = await bed.call(
        await bed.t.tokenFor(recipient.id),
        "POST",
        `/resources/${resource.id}/reviews`,
        { rating: 5 },
      );
      expect(asRecipient.status).toBe(201);
    });
  });

  it("refuses bad values with 400 naming the field, storing nothing and never answering 5xx", async () => {
    const { paid } = await bed.freshResources();
    const cases: [unknown, string][] = [
      [{ rating: 0 }, "rating"],
      [{ rating: 6 }, "rating"],
      [{ rating: "5" }, "rating"],
      [{ rating: 2.5 }, "rating"],
      [{}, "rating"],
      [{ rating: 5, text: "x".repeat(REVIEW_LIMITS.textMax + 1) }, "text"],
      [{ rating: 5, gradeTaught: "13" }, "gradeTaught"],
      [{ rating: 5, usedFor: "lecture" }, "usedFor"],
      [{ rating: 5, text: 7 }, "text"],
    ];
    for (const [payload, field] of cases) {
      const res = await bed.call("buyer", "POST", `/resources/${paid.id}/reviews`, payload);
      expect({ payload, status: res.status, error: res.body.error }).toEqual({
        payload,
        status: 400,
        error: "validation_failed",
      });
      expect(Object.keys(res.body.fields as object)).toEqual([field]);
    }
    // An unknown field is refused (the body is strict), and named.
    const extra = await bed.call("buyer", "POST", `/resources/${paid.id}/reviews`, { rating: 5, stars: 5 });
    expect([extra.status, extra.body.error, extra.body.fields]).toEqual([
      400,
      "validation_failed",
      { stars: "unrecognized_keys" },
    ]);
    // NUL inside the text is refused before any handler runs.
    const nul = await bed.call("buyer", "POST", `/resources/${paid.id}/reviews`, {
      rating: 5,
      text: "a\u0000b",
    });
    expect([nul.status, nul.body.fields]).toEqual([400, { text: "nul_character" }]);
    expect(await reviewsOf(paid.id)).toHaveLength(0);

    // The same on an edit: nothing changes.
    const review = await bed.writeReview(bed.users.buyer, paid, { rating: 3, text: "Fine" });
    for (const payload of [
      { rating: 0 },
      { rating: "4" },
      { text: "y".repeat(REVIEW_LIMITS.textMax + 1) },
      { usedFor: "lecture" },
      { gradeTaught: "Kindergarten" },
      { resource_id: paid.id },
      { text: "a\u0000b" },
    ]) {
      const res = await bed.call("buyer", "PATCH", `/reviews/${review.id}`, payload);
      expect({ payload, status: res.status }).toEqual({ payload, status: 400 });
    }
    expect((await reviewsOf(paid.id))[0]).toEqual(review);
  });

  it("refuses a text that restricted words make too long, naming it", async () => {
    await bed.call("admin", "PATCH", "/site-settings", {
      restrictedWords: [
        { pattern: "darn", replacement: "gosh" },
        { pattern: "meh", replacement: "not quite what my class needed" },
      ],
    });
    const { paid } = await bed.freshResources();
    const text = "meh ".repeat(Math.floor(REVIEW_LIMITS.textMax / 4)).trim();
    const res = await bed.call("buyer", "POST", `/resources/${paid.id}/reviews`, { rating: 2, text });
    expect([res.status, res.body.error, res.body.fields]).toEqual([
      400,
      "validation_failed",
      { text: "too_long" },
    ]);
    expect(await reviewsOf(paid.id)).toHaveLength(0);
    await bed.call("admin", "PATCH", "/site-settings", {
      restrictedWords: [{ pattern: "darn", replacement: "gosh" }],
    });
  });

  describe("editing", () => {
    it("changes what the body names, sets updated_at, and keeps a hidden review hidden", async () => {
      const { paid } = await bed.freshResources();
      const review = await bed.writeReview(bed.users.buyer, paid, {
        rating: 2,
        grade_taught: "4",
        used_for: "homework",
        hidden_at: new Date(),
        created_at: new Date(Date.now() - 86_400_000),
        updated_at: new Date(Date.now() - 86_400_000),
      });
      const res = await bed.call("buyer", "PATCH", `/reviews/${review.id}`, {
        text: "Darn, better the second time",
        gradeTaught: null,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        rating: 2,
        text: "Gosh, better the second time",
        gradeTaught: null,
        usedFor: "homework",
        isHidden: true,
      });
      const [row] = await reviewsOf(paid.id);
      expect(row!.hidden_at).not.toBeNull();
      expect(row!.updated_at.getTime()).toBeGreaterThan(review.updated_at.getTime());
      expect(row!.created_at).toEqual(review.created_at);
    });

    it("closes after 30 days (403 edit_window_closed); deleting still works", async () => {
      const { paid } = await bed.freshResources();
      const review = await bed.writeReview(bed.users.buyer, paid, {
        created_at: new Date(Date.now() - 31 * 86_400_000),
      });
      const edit = await bed.call("buyer", "PATCH", `/reviews/${review.id}`, { rating: 1 });
      expect([edit.status, edit.body.error]).toEqual([403, "edit_window_closed"]);
      expect((await reviewsOf(paid.id))[0]!.rating).toBe(review.rating);
      const gone = await bed.call("buyer", "DELETE", `/reviews/${review.id}`);
      expect([gone.status, gone.body]).toEqual([200, { deleted: true }]);
      expect(await reviewsOf(paid.id)).toHaveLength(0);
    });

    it("answers 404 for an unknown review id and 400 for one that is not an id", async () => {
      const unknown = "00000000-0000-4000-8000-000000000000";
      for (const [method, url, payload] of [
        ["PATCH", `/reviews/${unknown}`, { rating: 3 }],
        ["DELETE", `/reviews/${unknown}`, undefined],
        ["POST", `/reviews/${unknown}/reply`, { text: "Hi" }],
        ["POST", `/reviews/${unknown}/helpful`, undefined],
        ["POST", `/reviews/${unknown}/report`, { reason: "spam" }],
      ] as const) {
        const res = await bed.call("buyer", method, url, payload);
        expect({ method, url, status: res.status }).toEqual({ method, url, status: 404 });
      }
      expect((await bed.call("buyer", "PATCH", "/reviews/not-an-id", { rating: 3 })).status).toBe(400);
    });
  });

  it("lets the creator reply, change the reply and take it back, with restricted words replaced", async () => {
    const { paid } = await bed.freshResources();
    const review = await bed.writeReview(bed.users.buyer, paid);
    const url = `/reviews/${review.id}/reply`;
    const first = await bed.call("creator", "POST", url, { text: "Thanks, darn glad it helped!" });
    expect(first.status).toBe(200);
    const reply = first.body.reply as { text: string; createdAt: string; updatedAt: string };
    expect(reply.text).toBe("Thanks, gosh glad it helped!");
    const [afterFirst] = await reviewsOf(paid.id);
    expect(afterFirst!.reply_created_at).not.toBeNull();

    const changed = await bed.call("creator", "POST", url, { text: "Thanks again" });
    const [afterChange] = await reviewsOf(paid.id);
    expect((changed.body.reply as { text: string }).text).toBe("Thanks again");
    expect(afterChange!.reply_created_at).toEqual(afterFirst!.reply_created_at);
    expect(afterChange!.reply_updated_at!.getTime()).toBeGreaterThan(afterFirst!.reply_updated_at!.getTime());

    const tooLong = await bed.call("creator", "POST", url, { text: "z".repeat(REVIEW_LIMITS.replyMax + 1) });
    expect([tooLong.status, Object.keys(tooLong.body.fields as object)]).toEqual([400, ["text"]]);

    const removed = await bed.call("creator", "POST", url, { text: "   " });
    expect([removed.status, removed.body.reply]).toEqual([200, null]);
    const [afterRemove] = await reviewsOf(paid.id);
    expect([afterRemove!.reply_text, afterRemove!.reply_created_at]).toEqual([null, null]);

    await bed.t.db.update(reviews).set({ hidden_at: new Date() }).where(eq(reviews.id, review.id));
    expect((await bed.call("creator", "POST", url, { text: "Hello?" })).status).toBe(404);
  });

  it("counts a reader's helpful mark once, however often they send it", async () => {
    const { paid } = await bed.freshResources();
    const review = await bed.writeReview(bed.users.buyer, paid);
    const url = `/reviews/${review.id}/helpful`;
    const first = await bed.call("nonBuyer", "POST", url);
    const again = await bed.call("nonBuyer", "POST", url);
    const other = await bed.call("downloader", "POST", url);
    expect([first.status, first.body]).toEqual([200, { helpfulCount: 1, helpfulByMe: true }]);
    expect([again.status, again.body]).toEqual([200, { helpfulCount: 1, helpfulByMe: true }]);
    expect(other.body).toEqual({ helpfulCount: 2, helpfulByMe: true });
    // Two at once from a new reader still count once.
    const reader = await bed.t.tokenFor((await makeUser(bed.t.db)).id);
    const both = await overlapping(bed.t.databaseUrl, "review_helpful_votes", 2, () =>
      Promise.all([bed.call(reader, "POST", url), bed.call(reader, "POST", url)]),
    );
    expect(both.map((b) => b.status)).toEqual([200, 200]);
    expect((await reviewsOf(paid.id))[0]!.helpful_count).toBe(3);

    const list = await bed.call("nonBuyer", "GET", `/resources/${paid.id}/reviews`);
    expect((list.body.reviews as { helpfulByMe: boolean }[])[0]!.helpfulByMe).toBe(true);
    // A hidden review takes no marks.
    await bed.t.db.update(reviews).set({ hidden_at: new Date() }).where(eq(reviews.id, review.id));
    expect((await bed.call("admin", "POST", url)).status).toBe(404);
  });

  it("takes a reader's report once, with its reason and details", async () => {
    const { paid } = await bed.freshResources();
    const review = await bed.writeReview(bed.users.buyer, paid);
    const url = `/reviews/${review.id}/report`;
    const first = await bed.call("nonBuyer", "POST", url, {
      reason: "off-topic",
      details: "About another pack",
    });
    const again = await bed.call("nonBuyer", "POST", url, { reason: "spam" });
    expect([first.status, first.body, again.status, again.body]).toEqual([
      200,
      { reported: true },
      200,
      { reported: true },
    ]);
    const reports = await bed.t.db.select().from(reviewReports).where(eq(reviewReports.review_id, review.id));
    expect(reports).toMatchObject([
      { reason: "off-topic", details: "About another pack", resolved_at: null },
    ]);
    const bad = await bed.call("downloader", "POST", url, { reason: "rude" });
    expect([bad.status, Object.keys(bad.body.fields as object)]).toEqual([400, ["reason"]]);
    const list = await bed.call("nonBuyer", "GET", `/resources/${paid.id}/reviews`);
    expect((list.body.reviews as { reportedByMe: boolean }[])[0]!.reportedByMe).toBe(true);
    const [{ n }] = (
      await bed.t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${reviewReports} where ${and(eq(reviewReports.review_id, review.id))}`,
      )
    ).rows as [{ n: number }];
    expect(Number(n)).toBe(1);
  });

  it("hides the reviews of a resource taken off the catalogue from readers, not from its author or creator", async () => {
    const { paid } = await bed.freshResources();
    const review = await bed.writeReview(bed.users.buyer, paid);
    await bed.t.db.update(resources).set({ status: "inactive" }).where(eq(resources.id, paid.id));
    expect((await bed.call("nonBuyer", "GET", `/resources/${paid.id}/reviews`)).status).toBe(404);
    expect((await bed.call("nonBuyer", "POST", `/reviews/${review.id}/helpful`)).status).toBe(404);
    expect(
      (await bed.call("nonBuyer", "POST", `/reviews/${review.id}/report`, { reason: "spam" })).status,
    ).toBe(404);
    expect((await bed.call("buyer", "PATCH", `/reviews/${review.id}`, { rating: 5 })).status).toBe(200);
    expect(
      (await bed.call("creator", "POST", `/reviews/${review.id}/reply`, { text: "Thanks" })).status,
    ).toBe(200);
  });

  it("lets a teacher who downloaded a free resource review it", async () => {
    const free = await makeResource(bed.t.db, { users_id: bed.users.creator.id, price: 0 });
    const teacher = await makeUser(bed.t.db);
    const auth = await bed.t.tokenFor(teacher.id);
    const before = await bed.call(auth, "POST", `/resources/${free.id}/reviews`, { rating: 4 });
    expect(before.body.error).toBe("not_a_buyer");
    await recordDownload(bed.t, free.id, teacher.id);
    expect((await bed.call(auth, "POST", `/resources/${free.id}/reviews`, { rating: 4 })).status).toBe(201);
  });
});
