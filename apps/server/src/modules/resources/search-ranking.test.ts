import { RESULT_COUNT_CAP, type ResourceCard } from "@market/domain";
import { describe, expect, it } from "vitest";
import { BAND_PROBE, RELEVANCE_WINDOW } from "./search-sql.ts";
import { pick, rankedByDomain, rankingTestbed } from "./search-testbed.ts";

/**
 * A broad search (RELEVANCE_WINDOW matches or more, within the count's cap) scores every match as it
 * counts them (search-sql.ts's scoredSearchSql): the same order, page after page.
 */
describe("a broad search ranks as the domain does", () => {
  // A quarter in grade 4: grade 5 alone is still broad.
  const count = RELEVANCE_WINDOW + 400;
  const bed = rankingTestbed({
    prefix: "broad",
    count,
    gradeFourEvery: 4,
    description: (i) => `A lesson to plan with ${pick(i, 2).join(" ")}.`,
  });

  it.each([
    ["lesson plan", ""],
    ["lesson", ""],
    ["plan lesson", ""],
    ["lesson pla", ""],
    ["math lesson", ""],
    ["lesson plan", "5"],
  ])(`"%s" (grade %j) in relevance order over every page`, async (q, grade) => {
    const expected = rankedByDomain(bed.corpus, q, grade).map((r) => r.name);
    expect(expected.length).toBeGreaterThanOrEqual(RELEVANCE_WINDOW);
    const found: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 48); page++) {
      const res = await bed.t.app.inject({
        method: "GET",
        url: `/api/resources?pageSize=48&page=${page}&q=${encodeURIComponent(q)}${grade ? `&grade=${grade}` : ""}`,
      });
      expect(res.statusCode).toBe(200);
      found.push(...(res.json().resources as ResourceCard[]).map((r) => r.name));
    }
    expect(found).toEqual(expected);
  });
});

/**
 * Past the count's cap a search cannot score every match: it ranks by bands, first looked for among the
 * most downloaded resources, else found by the index (search-sql.ts's bandedSearchSql). The same order
 * as the domain's on the first pages, across every change of score and on the last page.
 */
describe("a search past the count's cap ranks as the domain does", () => {
  // One in forty in grade 4: grade 5 alone is still past the cap.
  const count = RESULT_COUNT_CAP + 300;
  // One in 25 titled "Plan Bingo": every resource matches "plan bingo" (its description has both words),
  // but only those have both in the title, a band small enough to be read whole from the index
  // (BAND_PROBE); the lesson titles' bands are broader and are read through the window.
  const bed = rankingTestbed(
    {
      prefix: "capped",
      count,
      gradeFourEvery: 40,
      description: () => "A lesson to plan with bingo.",
      title: (i, usual) => (i % 25 === 0 ? `Plan Bingo ${i}` : usual),
    },
    120_000,
  );

  it("has a band within the probe and bands past it", () => {
    const both = bed.corpus.filter((r) => String(r.fields.title).startsWith("Plan Bingo")).length;
    expect(both).toBeGreaterThan(24);
    expect(both).toBeLessThanOrEqual(BAND_PROBE);
    expect(
      bed.corpus.filter((r) => String(r.fields.title).startsWith("Lesson Plan ")).length,
    ).toBeGreaterThan(BAND_PROBE);
  });

  it.each([
    ["lesson plan", ""],
    ["lesson pla", ""],
    ["math lesson", ""],
    ["lesson plan", "5"],
    ["plan bingo", ""],
    ["plan bingo", "5"],
  ])(
    `"%s" (grade %j) in relevance order on the pages that matter`,
    async (q, grade) => {
      const ranked = rankedByDomain(bed.corpus, q, grade);
      expect(ranked.length).toBeGreaterThan(RESULT_COUNT_CAP);
      const pageSize = 48;
      const last = Math.ceil(ranked.length / pageSize);
      // Pages 1 and 2, each page where the score changes and the one after it, and the last page.
      const pages = new Set([1, 2, last]);
      ranked.forEach((r, i) => {
        if (i > 0 && ranked[i - 1]!.score !== r.score) {
          pages.add(Math.floor(i / pageSize) + 1);
          pages.add(Math.min(last, Math.floor(i / pageSize) + 2));
        }
      });
      for (const page of [...pages].sort((a, b) => a - b)) {
        const res = await bed.t.app.inject({
          method: "GET",
          url: `/api/resources?pageSize=${pageSize}&page=${page}&q=${encodeURIComponent(q)}${grade ? `&grade=${grade}` : ""}`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ total: RESULT_COUNT_CAP, totalIsCapped: true });
        const expected = ranked.slice((page - 1) * pageSize, page * pageSize).map((r) => r.name);
        expect(
          (res.json().resources as ResourceCard[]).map((r) => r.name),
          `page ${page}`,
        ).toEqual(expected);
      }
    },
    120_000,
  );
});
