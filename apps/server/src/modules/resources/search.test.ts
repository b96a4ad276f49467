import { matchesSearch, type ResourceCard, relevanceScore } from "@market/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";

/**
 * The SQL search and the domain's rule (spec 2, issue 17) must agree. A generated corpus of resources and
 * a set of queries; for each query the API's results are exactly the resources matchesSearch accepts, and
 * in relevance order they come as the domain's relevanceScore ranks them (ties: downloads, then newest).
 */
const WORDS = [
  "fraction",
  "bingo",
  "reading",
  "poetry",
  "cells",
  "volcano",
  "the",
  "of",
  "map",
  "graph",
  "ratio",
  "phonics",
  "fractions",
  "graphing",
  "activities",
  "activity",
  "children",
  "paragraph",
];
const pick = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 5) % WORDS.length]!);

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
  ];
  it.each(RANKED)(`"%s" in relevance order`, async (q) => {
    const expected = corpus
      .filter((r) => matchesSearch(r.fields, q, true))
      .map((r) => ({ ...r, score: relevanceScore(r.fields, q, true) }))
      .sort((a, b) => b.score - a.score || b.downloads - a.downloads || b.published - a.published)
      .map((r) => r.name);
    expect(expected.length).toBeGreaterThan(1);
    const found: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/resources?pageSize=24&page=${page}&q=${encodeURIComponent(q)}&stopWords=true`,
      });
      expect(res.statusCode).toBe(200);
      found.push(...(res.json().resources as ResourceCard[]).map((r) => r.name));
    }
    expect(found).toEqual(expected);
  });
});
