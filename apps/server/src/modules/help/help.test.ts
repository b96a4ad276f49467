import { type HelpEntry, sortHelpEntries } from "@market/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";

type Headers = { authorization: string };

/** The help book: reading, searching and ordering, editing by admins only, feedback. */
describe("help book", () => {
  let t: TestApp;
  let admin: Headers;
  let user: Headers;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.authHeader((await makeAdmin(t.db)).username);
    user = await t.authHeader((await makeUser(t.db)).username);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object = {}, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });
  const create = async (payload: object) => {
    const res = await call("POST", "/help", admin, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ item: HelpEntry }>().item;
  };

  it("creates entries of each type, answering item.id, with names made from the titles", async () => {
    const article = await create({
      type: "article",
      short_title: "Grading rubrics",
      body: "Use <br>a rubric",
    });
    expect(article).toMatchObject({ type: "article", name: "grading-rubrics", body: "Use <br>a rubric" });
    expect(article.id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await create({ type: "article", short_title: "Grading rubrics!" });
    expect(again.name).toBe("grading-rubrics-2");
    const image = await create({ type: "image", short_title: "Rubric example", image_alt_text: "A rubric" });
    const video = await create({ type: "video", short_title: "Rubric video", name: "rubric-video" });
    expect(video.name).toBe("rubric-video");
    // An article shows its related image and video entries with their order_index.
    const res = await call("PUT", `/help/${article.id}`, admin, {
      image_entry_id: image.id,
      video_entry_id: video.id,
      long_title: "How to grade with rubrics",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({
      long_title: "How to grade with rubrics",
      image_entry: { id: image.id, name: "rubric-example", order_index: image.order_index },
      video_entry: { id: video.id, name: "rubric-video" },
    });
  });

  it("reads one entry by its name or its id, and 404s an unknown one", async () => {
    const entry = await create({ type: "article", short_title: "Sharing links" });
    expect((await call("GET", `/help/${entry.name}`)).json().id).toBe(entry.id);
    expect((await call("GET", `/help/${entry.id}`)).json().name).toBe("sharing-links");
    expect((await call("GET", "/help/no-such-entry")).statusCode).toBe(404);
  });

  it("lists every entry in spec 4's order, and articles alone, as the domain sorts them", async () => {
    await create({ type: "video", short_title: "Order video", order_index: 0 });
    await create({ type: "image", short_title: "Order image", order_index: 0 });
    const terms = await create({ type: "article", short_title: "Order terms", order_index: 50 });
    await call("PUT", `/help/${terms.id}/terms-changed`, admin, { changed: true });
    const all = (await call("GET", "/help/")).json<{ entries: HelpEntry[]; total: number }>();
    expect(all.total).toBe(all.entries.length);
    expect(all.entries.map((e) => e.name)).toEqual(sortHelpEntries(all.entries).map((e) => e.name));
    expect(all.entries[0]!.name).toBe("order-terms");
    expect(new Set(all.entries.map((e) => e.type))).toEqual(new Set(["article", "image", "video"]));
    const articles = (await call("GET", "/help/articles")).json<{ entries: HelpEntry[] }>().entries;
    expect(articles.every((e) => e.type === "article")).toBe(true);
    expect(articles.length).toBeGreaterThan(0);
    await call("PUT", `/help/${terms.id}/terms-changed`, admin, { changed: false });
  });

  it("searches titles and bodies: every word must match, case aside, stop words ignored", async () => {
    await create({
      type: "article",
      short_title: "Refund requests",
      body: "Ask the creator for a REFUND first.",
    });
    const search = async (q: string) =>
      (await call("GET", `/help/articles?q=${encodeURIComponent(q)}`))
        .json<{ entries: HelpEntry[] }>()
        .entries.map((e) => e.name);
    expect(await search("refund creator")).toEqual(["refund-requests"]);
    expect(await search("the REFUND of")).toEqual(["refund-requests"]);
    expect(await search("refund unicorn")).toEqual([]);
    expect(await search("100%_")).toEqual([]);
    expect((await call("GET", "/help/articles?q=x&page=0")).statusCode).toBe(400);
  });

  it("pages the list", async () => {
    const page2 = (await call("GET", "/help?page=2")).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 100, entries: [] });
  });

  it("refuses bad entries with the field at fault and changes nothing", async () => {
    const before = (await call("GET", "/help")).json().total;
    const cases: [object, string][] = [
      [{ type: "poster", short_title: "x" }, "type"],
      [{ type: "article", short_title: "" }, "short_title"],
      [{ type: "article", short_title: "x", name: "Not A Name" }, "name"],
      [{ type: "article", short_title: "x", accent_color: "red" }, "accent_color"],
      [{ type: "article", short_title: "x", body: "y".repeat(20_001) }, "body"],
      [{ type: "article", short_title: "x", surprise: 1 }, ""],
    ];
    for (const [payload, field] of cases) {
      const res = await call("POST", "/help", admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    const reserved = await call("POST", "/help", admin, {
      type: "article",
      short_title: "x",
      name: "manage",
    });
    expect(reserved.json()).toMatchObject({ error: "validation_failed", fields: { name: "reserved" } });
    const image = await create({ type: "image", short_title: "Stray image" });
    const notVideo = await call("POST", "/help", admin, {
      type: "article",
      short_title: "x",
      video_entry_id: image.id,
    });
    expect(notVideo.json().fields).toEqual({ video_entry_id: "not_a_video_entry" });
    const proTipImage = await call("PUT", `/help/${image.id}`, admin, { is_pro_tip: true });
    expect(proTipImage.statusCode).toBe(400);
    const taken = await call("PUT", `/help/${image.id}`, admin, { name: "sharing-links" });
    expect(taken.json()).toMatchObject({ error: "conflict", fields: { name: "taken" } });
    expect((await call("GET", "/help")).json().total).toBe(before + 1);
  });

  it("refuses editing to visitors and to users who are not admins, for every editing call", async () => {
    const entry = await create({ type: "article", short_title: "Admins only" });
    const editing: [string, string, object | undefined][] = [
      ["POST", "/help", { type: "article", short_title: "Sneaky" }],
      ["PUT", `/help/${entry.id}`, { short_title: "Changed" }],
      ["DELETE", `/help/${entry.id}`, undefined],
      ["PUT", `/help/${entry.id}/media`, {}],
      ["PUT", `/help/${entry.id}/terms-changed`, { changed: true }],
      ["GET", "/help/feedback", undefined],
    ];
    for (const [method, url, payload] of editing) {
      expect((await call(method, url, user, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const after = (await call("GET", `/help/${entry.id}`)).json();
    expect(after).toMatchObject({ short_title: "Admins only", terms_changed_at: null });
    const [sneaky] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from help_entries where short_title = 'Sneaky'`,
      )
    ).rows;
    expect(sneaky!.n).toBe(0);
  });

  it("deletes an entry; articles that related to it lose the relation", async () => {
    const image = await create({ type: "image", short_title: "Soon gone" });
    const article = await create({ type: "article", short_title: "Points at it", image_entry_id: image.id });
    expect(article.image_entry?.id).toBe(image.id);
    expect((await call("DELETE", `/help/${image.id}`, admin)).json()).toEqual({ deleted: true });
    expect((await call("GET", `/help/${image.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/help/${article.id}`)).json().image_entry).toBeNull();
    expect((await call("DELETE", `/help/${image.id}`, admin)).statusCode).toBe(404);
  });

  it("serves a random pro tip from the pro-tip articles", async () => {
    await create({
      type: "article",
      short_title: "Tip: preview",
      body: "Three previews sell",
      is_pro_tip: true,
    });
    const tip = (await call("GET", "/help/random-pro-tip")).json().proTip;
    expect(tip).toMatchObject({ title: "Tip: preview", body: "Three previews sell" });
  });

  it("stores feedback from visitors and users for the admins, and refuses empty or unknown-entry feedback", async () => {
    const entry = await create({ type: "article", short_title: "Feedback target" });
    expect((await call("POST", "/help/feedback", {}, { feedback: "Very clear" })).statusCode).toBe(201);
    const signed = await call("POST", "/help/feedback", user, {
      feedback: "Add a video",
      help_entry_id: entry.id,
    });
    expect(signed.json()).toEqual({ received: true });
    expect((await call("POST", "/help/feedback", {}, { feedback: "  " })).statusCode).toBe(400);
    const unknown = await call(
      "POST",
      "/help/feedback",
      {},
      {
        feedback: "Hi",
        help_entry_id: "00000000-0000-4000-8000-000000000000",
      },
    );
    expect(unknown.json().fields).toEqual({ help_entry_id: "not_found" });
    const list = (await call("GET", "/help/feedback", admin)).json().feedback;
    expect(list.map((f: { feedback: string }) => f.feedback)).toEqual(["Add a video", "Very clear"]);
    expect(list[0]).toMatchObject({ entry_name: "feedback-target" });
    expect(list[0].username).toMatch(/^user_/);
    expect(list[1].username).toBeNull();
  });
});
