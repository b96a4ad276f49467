import {
  matchesSearch,
  type ResourceCard,
  relevanceScore,
  SEARCH_FOLD,
  SEARCH_FOLD_PAIRS,
  searchTextWords,
} from "@market/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources, users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { pick } from "./search-testbed.ts";

/**
 * The SQL search and the domain's rule (spec 2, issues 17 and 19) must agree. A generated corpus of
 * resources and a set of queries; for each query the API's results are exactly the resources
 * matchesSearch accepts, and in relevance order they come as the domain's relevanceScore ranks them
 * (ties: downloads, then newest). Broad searches and searches past the count's cap: search-ranking.test.ts.
 */
describe("text search: SQL agrees with the domain rule", () => {
  let t: TestApp;
  const corpus: {
    name: string;
    fields: Parameters<typeof matchesSearch>[0];
    downloads: number;
    published: number;
  }[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const creators = [
      await makeUser(t.db, { username: "poet_maker" }),
      await makeUser(t.db, { username: "map_maker" }),
    ];
    const rows = Array.from({ length: 60 }, (_, i) => {
      const creator = creators[i % 2]!;
      const row = {
        name: `corpus-${i}`,
        users_id: creator.id,
        title: pick(i, 2)
          .join(" ")
          .replace(/^./, (c) => c.toUpperCase()),
        subtitle: i % 4 === 0 ? null : pick(i + 1, 1).join(" "),
        description: `${pick(i + 2, 3).join(" ")} ${"x".repeat(10)}`,
        subject_area: i % 3 === 0 ? "Science" : "Math",
        keywords: pick(i + 3, 2),
        skills: [`Skill ${i % 5}`],
        standards: [`CCSS.${i % 4}`],
        approval_status: "approved",
        status: "active",
        download_count: (i * 13) % 5,
        published_at: new Date(Date.now() - i * 60_000),
      };
      corpus.push({
        name: row.name,
        fields: {
          title: row.title,
          subtitle: row.subtitle,
          description: row.description,
          subject: row.subject_area,
          keywords: row.keywords,
          skills: row.skills,
          standards: row.standards,
          creator: creator.username,
        },
        downloads: row.download_count,
        published: row.published_at.getTime(),
      });
      return row;
    });
    await t.db.insert(resources).values(rows);
  });
  afterAll(() => t.close());

  const QUERIES = [
    "fraction",
    "FRACTION bingo",
    "the map",
    "of the poetry",
    "science ratio",
    "poet_maker",
    "map_maker cells",
    "ccss.2",
    "skill 3",
    "volcano phonics graph",
    "nothing-like-this",
    "fra%",
    "a_b",
    "fractions",
    "graphs",
    "activity",
    "child",
    "graph bingo",
    "the fractions of reading",
    // the last word as it is typed
    "frac",
    "bingo gra",
    "graph para",
    "fractions bin",
    "fr",
    "bingo k",
    // words as the domain reads them
    "espanol",
    "ESPAÑOL graph",
    "k-2 bingo",
    "2 k",
    "(fractions) & !bingo | map:*",
  ];

  for (const stopWords of [false, true]) {
    it.each(QUERIES)(`"%s" (stop words ignored: ${stopWords})`, async (q) => {
      const expected = corpus
        .filter((r) => matchesSearch(r.fields, q, stopWords))
        .map((r) => r.name)
        .sort();
      const found: string[] = [];
      for (const page of [1, 2]) {
        const res = await t.app.inject({
          method: "GET",
          url: `/api/resources?pageSize=48&page=${page}&q=${encodeURIComponent(q)}&stopWords=${stopWords}`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().total).toBe(expected.length);
        found.push(...(res.json().resources as ResourceCard[]).map((r) => r.name));
      }
      expect(found.sort()).toEqual(expected);
    });
  }

  const RANKED = [
    "fraction",
    "graph",
    "graphing bingo",
    "activities",
    "children the",
    "of the poetry",
    "map",
    "bingo gra",
    "fractions bin",
    "espanol",
  ];
  it.each(RANKED)(`"%s" in relevance order, page after page`, async (q) => {
    const expected = corpus
      .filter((r) => matchesSearch(r.fields, q, true))
      .map((r) => ({ ...r, score: relevanceScore(r.fields, q, true) }))
      .sort((a, b) => b.score - a.score || b.downloads - a.downloads || b.published - a.published)
      .map((r) => r.name);
    expect(expected.length).toBeGreaterThan(1);
    // Pages of 5 cross the bands of search-sql.ts (the title, part title, keywords, elsewhere) mid-page.
    const found: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 5); page++) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/resources?pageSize=5&page=${page}&q=${encodeURIComponent(q)}&stopWords=true`,
      });
      expect(res.statusCode).toBe(200);
      found.push(...(res.json().resources as ResourceCard[]).map((r) => r.name));
    }
    expect(found).toEqual(expected);
  });
});

describe("search_vector: the database reads a text's words as the domain does", () => {
  let t: TestApp;
  let usersId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    usersId = (await makeUser(t.db, { username: "Word_Reader" })).id;
  });
  afterAll(() => t.close());

  const lexemes = async (id: string) => {
    const rows = await t.db.execute<{ lexeme: string }>(
      sql`select unnest(tsvector_to_array(search_vector)) as lexeme from resources where id = ${id}`,
    );
    return rows.rows.map((r) => r.lexeme).sort();
  };
  /** What migration 0016 stores (built again more cheaply by 0027): every word, the title's and the keywords' and skills' also marked. */
  const expected = (fields: { title: string; description: string; keywords: string[]; skills: string[] }) => {
    const words = (...texts: string[]) => texts.flatMap(searchTextWords);
    return [
      ...new Set([
        ...words(
          fields.title,
          fields.description,
          ...fields.keywords,
          ...fields.skills,
          "Math",
          "word_reader",
        ),
        ...words(fields.title).map((w) => `^${w}`),
        ...words(...fields.keywords, ...fields.skills).map((w) => `#${w}`),
      ]),
    ].sort();
  };

  /** A seeded generator of texts: letters, digits, punctuation, the folded letters and other alphabets. */
  function randomTexts(count: number): string[] {
    const alphabet = [
      ..."abcXYZ019 _-.'\"&|!:*\\()[]%,/\t\n",
      ...SEARCH_FOLD.from.slice(26),
      ...SEARCH_FOLD_PAIRS.map(([from]) => from),
      ..."ΣσжЖ日ꓘ\u212a\u0130\u00a0\u2019\u2014",
      "🙂",
    ];
    let seed = 19;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    return Array.from({ length: count }, () =>
      Array.from(
        { length: 1 + Math.floor(random() * 60) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join(""),
    );
  }

  it("folds every letter of SEARCH_FOLD and SEARCH_FOLD_PAIRS, cuts long words, and parts words at anything else", async () => {
    const fields = {
      title: `${SEARCH_FOLD.from} Straße`,
      description: `${SEARCH_FOLD_PAIRS.map(([from]) => `x${from}y`).join(" ")} 3.NF.A.3 don't ${"w".repeat(300)} Ωμέγα 日本`,
      keywords: ["K-2 e-mail", "Ærø"],
      skills: ["naïve—résumé"],
    };
    const row = await makeResource(t.db, { users_id: usersId, subject_area: "Math", ...fields });
    expect(await lexemes(row.id)).toEqual(expected(fields));
  });

  it("agrees on random texts", async () => {
    const texts = randomTexts(40);
    for (let i = 0; i < texts.length; i += 4) {
      const fields = {
        title: texts[i]!,
        description: texts[i + 1]!,
        keywords: [texts[i + 2]!],
        skills: [texts[i + 3]!],
      };
      const row = await makeResource(t.db, { users_id: usersId, subject_area: "Math", ...fields });
      expect(await lexemes(row.id), JSON.stringify(fields)).toEqual(expected(fields));
    }
  });

  it("keeps the vector on every change of a searched field, and finds a creator by a new username", async () => {
    const row = await makeResource(t.db, {
      users_id: usersId,
      title: "Volcano Posters",
      description: "Lava.",
    });
    await t.db
      .update(resources)
      .set({ keywords: ["magma"] })
      .where(eq(resources.id, row.id));
    expect(await lexemes(row.id)).toContain("#magma");
    await t.db.update(users).set({ username: "lava_lamp" }).where(eq(users.id, usersId));
    const found = await t.app.inject({ method: "GET", url: "/api/resources?q=lava%20lamp%20magma" });
    expect(found.json().resources.map((r: ResourceCard) => r.name)).toEqual([row.name]);
    const old = await t.app.inject({ method: "GET", url: "/api/resources?q=word%20reader%20magma" });
    expect(old.json().total).toBe(0);
  });

  it("finds the last word's completions however many there are", async () => {
    // 300 words start "zqx": more than search-sql lists, so that prefix is searched as a prefix match;
    // "zqx1" starts 111 of them, which it lists.
    const words = Array.from({ length: 300 }, (_, i) => `zqx${i}`);
    const row = await makeResource(t.db, {
      users_id: usersId,
      title: "Prefix Test",
      description: words.join(" "),
    });
    for (const q of ["zqx", "zqx1", "prefix zqx29", "zqx299 prefix", "zqx3000"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/resources?q=${encodeURIComponent(q)}` });
      const expected = matchesSearch({ title: "Prefix Test", description: words.join(" ") }, q, false);
      expect(
        res.json().resources.map((r: ResourceCard) => r.name),
        q,
      ).toEqual(expected ? [row.name] : []);
    }
  });
});
