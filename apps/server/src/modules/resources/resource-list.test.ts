import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeResource, makeUser } from "../../test/factories.ts";

describe("GET /api/resources (the public grids)", () => {
  let t: TestApp;
  let creatorId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const creator = await makeUser(t.db, { username: "creator_x" });
    creatorId = creator.id;
    const day = 24 * 3600 * 1000;
    const base = Date.now() - 40 * day;
    for (let i = 0; i < 30; i++) {
      const r = await makeResource(t.db, {
        users_id: creatorId,
        name: `listed-${i}`,
        title: `Listed ${i}`,
        price: i % 3 === 0 ? 0 : 100 + i * 10,
        download_count: (i * 7) % 31,
        is_featured: i < 4,
        published_at: new Date(base + i * day),
      });
      await addPreview(t.db, r.id, 1);
      await addPreview(t.db, r.id, 0);
    }
    await makeResource(t.db, {
      users_id: creatorId,
      name: "in-review",
      approval_status: "awaiting_approval",
      status: "inactive",
    });
    await makeResource(t.db, { users_id: creatorId, name: "deactivated", status: "inactive" });
  });
  afterAll(() => t.close());

  const list = (query: string) => t.app.inject({ method: "GET", url: `/api/resources${query}` });

  it("lists only approved, active resources, newest first, paginated", async () => {
    const first = (await list("?pageSize=12")).json();
    expect(first.total).toBe(30);
    expect(first.resources).toHaveLength(12);
    expect(first.resources[0].name).toBe("listed-29");
    const third = (await list("?pageSize=12&page=3")).json();
    expect(third.resources.map((r: { name: string }) => r.name)).toEqual([
      "listed-5",
      "listed-4",
      "listed-3",
      "listed-2",
      "listed-1",
      "listed-0",
    ]);
    const names = [first, (await list("?pageSize=12&page=2")).json(), third].flatMap((p) =>
      p.resources.map((r: { name: string }) => r.name),
    );
    expect(new Set(names).size).toBe(30);
    expect(names).not.toContain("in-review");
    expect(names).not.toContain("deactivated");
  });

  it("shows each tile's creator and its first preview as the cover", async () => {
    const tile = (await list("?pageSize=1")).json().resources[0];
    expect(tile.creator).toMatchObject({ id: creatorId, username: "creator_x" });
    expect(tile.cover_locator).toMatch(/^previews\//);
    expect(tile).not.toHaveProperty("description");
  });

  it("sorts by downloads and price, and filters featured", async () => {
    const byDownloads = (await list("?sort=downloads&pageSize=48"))
      .json()
      .resources.map((r: { downloadCount: number }) => r.downloadCount);
    expect(byDownloads).toEqual([...byDownloads].sort((a, b) => b - a));
    const byPrice = (await list("?sort=price-asc&pageSize=48"))
      .json()
      .resources.map((r: { price: number }) => r.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const featured = (await list("?featured=true")).json();
    expect(featured.total).toBe(4);
  });

  it("refuses a page size or sort outside the contract with 400", async () => {
    expect((await list("?pageSize=1000")).statusCode).toBe(400);
    expect((await list("?sort=random")).statusCode).toBe(400);
    expect((await list("?page=0")).statusCode).toBe(400);
  });
});

describe("GET /api/resources?q= (search: whole words in their forms, the last as typed, and relevance)", () => {
  let t: TestApp;
  const minute = 60_000;
  const base = Date.now() - 1000 * minute;

  beforeAll(async () => {
    t = await buildTestApp();
    const { id: users_id } = await makeUser(t.db, { username: "search_maker" });
    const make = (name: string, minutes: number, fields: Parameters<typeof makeResource>[1] | object) =>
      makeResource(t.db, {
        users_id,
        name,
        description: "A classroom resource.",
        published_at: new Date(base + minutes * minute),
        ...fields,
      });
    // The best match is the least downloaded and the oldest: relevance, not downloads or age, puts it first.
    await make("both-in-title", 1, { title: "Fraction Bingo", download_count: 0 });
    await make("one-in-title", 2, { title: "Fractions Game", keywords: ["bingo"], download_count: 5 });
    // "bingothon" is not a form of bingo: found only by the last word of a query, as its start.
    await make("prefix-in-title", 3, { title: "Fractions Bingothon", download_count: 6 });
    // A word inside another is not that word.
    await make("inside-a-word", 8, { title: "Subfractions Bingo", download_count: 7 });
    await make("in-keywords", 4, { title: "Card Set", keywords: ["fractions", "bingo"], download_count: 50 });
    await make("in-skills", 5, {
      title: "Board Set",
      skills: ["Comparing fractions", "Bingo calling"],
      download_count: 40,
    });
    await make("description-only", 6, {
      title: "Math Game",
      description: "Equivalent fractions bingo for the whole class.",
      download_count: 100,
    });
    await make("one-word-only", 7, { title: "Fractions Review", download_count: 500 });
    // Page 2 material: 30 fraction resources in grade 4, half of them free; the titled ones rank first.
    for (let i = 0; i < 30; i++) {
      await make(`grade4-${i}`, 100 + i, {
        title: i % 3 === 0 ? `Fraction Strips ${i}` : `Strips ${i}`,
        description: "Fraction strips to cut out and glue in a notebook.",
        grade: "4",
        subject_area: i % 2 === 0 ? "Math" : "Science",
        price: i % 2 === 0 ? 0 : 300,
        download_count: i,
      });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/resources${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { resources: { name: string }[]; total: number; totalIsCapped: boolean };
  };
  const names = (body: { resources: { name: string }[] }) => body.resources.map((r) => r.name);

  it("finds a word in its other forms: fraction and fractions give the same results", async () => {
    const singular = await list("?q=fraction&pageSize=48&sort=newest");
    const plural = await list("?q=FRACTIONS&pageSize=48&sort=newest");
    expect(names(plural)).toEqual(names(singular));
    expect(plural.total).toBe(37);
    expect(names(plural)).not.toContain("inside-a-word");
    expect((await list("?q=fractions%20bingo&pageSize=48")).total).toBe(6);
    expect(names(await list("?q=strip%20fractions&grade=4&pageSize=48")).length).toBe(30);
  });

  it("still needs every word: a resource with only one of two words is not found", async () => {
    const found = names(await list("?q=fractions%20bingo&pageSize=48"));
    expect(found).not.toContain("one-word-only");
    expect(found).not.toContain("inside-a-word");
    expect(found).toHaveLength(6);
    expect((await list("?q=fractions%20volcano")).total).toBe(0);
  });

  it("finds the last word as the start of a longer word, and only the last", async () => {
    expect(names(await list("?q=fractions%20bingo&pageSize=48"))).toContain("prefix-in-title");
    const reversed = names(await list("?q=bingo%20fractions&pageSize=48"));
    expect(reversed).not.toContain("prefix-in-title");
    expect(reversed).toHaveLength(5);
    expect((await list("?q=fractions%20bin&pageSize=48")).total).toBe(6);
    // Fewer than three letters are a whole word: "bi" is in none of these.
    expect((await list("?q=fractions%20bi&pageSize=48")).total).toBe(0);
  });

  it("ranks title matches above keyword and skill matches above description-only matches", async () => {
    const ranked = names(await list("?q=fractions%20bingo&sort=relevance"));
    expect(ranked).toEqual([
      "both-in-title", // both words whole in the title
      "prefix-in-title", // both in the title, the last as the start of a longer word
      "one-in-title", // one in the title, one in a keyword
      "in-keywords", // both in keywords or skills: a tie, which goes to the most downloaded
      "in-skills",
      "description-only",
    ]);
  });

  it("orders by relevance by default when a query has words, and by the default order without", async () => {
    const ranked = names(await list("?q=fractions%20bingo&sort=relevance"));
    expect(names(await list("?q=fractions%20bingo"))).toEqual(ranked);
    expect(names(await list("?q=fractions%20bingo&sort=downloads"))[0]).toBe("description-only");
    const newest = names(await list("?pageSize=48&sort=newest"));
    expect(names(await list("?pageSize=48"))).toEqual(newest);
    expect(names(await list("?pageSize=48&sort=relevance"))).toEqual(newest);
    // Only stop words, ignored: nothing to rank by, so the default order over everything.
    const stopWordsOnly = await list("?q=the%20of%20a&stopWords=true&pageSize=48");
    expect(names(stopWordsOnly)).toEqual(newest);
    expect(stopWordsOnly.total).toBe(38);
  });

  // Search reads only words (runs of letters and digits): the rest separates them, so full-text syntax
  // is never read as such, and a query without a word lists everything, as an empty one does.
  it.each([
    ['"fractions bingo"', 6],
    ["fractions & bingo", 6],
    ["fractions | bingo", 6],
    ["fractions & !bingo", 6],
    ["!fractions", 37],
    ["fraction:*", 37],
    ["fractions:* & bingo:A", 4], // three words, "a" among them (not a prefix: one letter)
    ["fractions's", 0],
    ["%", 38],
    ["%%", 38],
    ["_", 38],
    [":*", 38],
    ["'", 38],
    ["''fractions''", 37],
    ["\\", 38],
    ["\\%", 38],
    ["fractions\\", 37],
    ["\\'fractions\\'", 37],
    ["(fractions", 37],
    ["(fractions | bingo) & (", 6],
    ["[a-z]*", 0],
    ["fractions -- ; drop table resources", 0],
    ["café", 0],
    ["ünïcödé fractions", 0],
    ["the of a", 0],
    ["fractions ".repeat(10).trim(), 37],
  ])("answers an odd query %j plainly, never with a 5xx", async (q, total) => {
    for (const sort of ["", "&sort=relevance", "&sort=downloads"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/resources?q=${encodeURIComponent(q)}${sort}&pageSize=48`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(total);
      expect(res.json().resources).toHaveLength(total);
    }
  });

  it("refuses a query past the length limit or with a NUL character with 400", async () => {
    for (const q of ["fractions ".repeat(50), "a".repeat(500), "fractions\u0000"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/resources?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(400);
    }
    const tooLong = await t.app.inject({ method: "GET", url: `/api/resources?q=${"b".repeat(500)}` });
    expect(tooLong.json().error).toBe("validation_failed");
    // Past eight words the rest are not searched for (SEARCH_LIMITS.maxWords): still an answer.
    const many = await list(`?q=${encodeURIComponent("fraction strips to cut out and glue in volcano")}`);
    expect(many.total).toBe(30);
  });

  it("ranks within the filters and pages on, with the count unchanged", async () => {
    const query = "?q=fraction&grade=4&subject=math&price=free&pageSize=4";
    const page1 = await list(query);
    const page2 = await list(`${query}&page=2`);
    const all = names(await list(`${query.replace("pageSize=4", "pageSize=48")}`));
    // Even i (Math, free): 0..28; titled when i % 3 === 0 (0, 6, 12, 18, 24), by downloads (= i) among equals.
    expect(all).toEqual([24, 18, 12, 6, 0, 28, 26, 22, 20, 16, 14, 10, 8, 4, 2].map((i) => `grade4-${i}`));
    expect(page1.total).toBe(15);
    expect(page2.total).toBe(15);
    expect(names(page1)).toEqual(all.slice(0, 4));
    expect(names(page2)).toEqual(all.slice(4, 8));
    const paid = await list("?q=fractions&grade=4&price=paid&sort=relevance&page=2&pageSize=10");
    expect(paid.total).toBe(15);
    expect(names(paid)).toHaveLength(5);
  });
});
