import { matchesSearch, relevanceScore } from "@market/domain";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/client.ts";
import { resources } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";

/**
 * The search tests' generated corpora: search.test.ts (the SQL agrees with the domain's rule) and
 * search-ranking.test.ts (broad searches, and searches past the count's cap, rank as the domain does).
 */

export const WORDS = [
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
  "graphic",
  "Español",
  "K-2",
  "bingos",
];
export const pick = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 5) % WORDS.length]!);

/** A resource of a ranking corpus, as the domain's rules read it. */
export interface RankedEntry {
  name: string;
  fields: Parameters<typeof matchesSearch>[0];
  grade: string;
  downloads: number;
  published: number;
}

interface RankingCorpusOptions {
  /** The creator's username, and the resources' names' start ("broad" for broad_maker's broad-0). */
  prefix: string;
  count: number;
  gradeFourEvery: number;
  description: (i: number) => string;
  /** The i-th title, given the usual one (a few lesson titles and i). */
  title?: (i: number, usual: string) => string;
}

/**
 * Builds an app with a ranking corpus before the describe block's tests (and closes it after); its
 * fields are set once they run.
 */
export function rankingTestbed(options: RankingCorpusOptions, timeout?: number) {
  const bed = {} as { t: TestApp; corpus: RankedEntry[] };
  beforeAll(async () => {
    bed.t = await buildTestApp();
    bed.corpus = await seedRankingCorpus(bed.t.db, options);
  }, timeout);
  afterAll(() => bed.t.close());
  return bed;
}

/**
 * Seeds `count` approved Math resources of one creator, titled after a few lesson titles so that a
 * search for "lesson plan" matches most of them in every band, one in `gradeFourEvery` in grade 4 and
 * the rest in grade 5; returns them as the domain reads them.
 */
async function seedRankingCorpus(db: Db, options: RankingCorpusOptions): Promise<RankedEntry[]> {
  const { prefix, count, gradeFourEvery, description, title = (_, usual) => usual } = options;
  const corpus: RankedEntry[] = [];
  const creator = await makeUser(db, { username: `${prefix}_maker` });
  const titles = ["Lesson Plan", "Lesson Planner", "Plan Lessons", "Lesson Cards", "Math Review", "Planets"];
  const rows = Array.from({ length: count }, (_, i) => {
    const row = {
      name: `${prefix}-${i}`,
      users_id: creator.id,
      title: title(i, `${titles[(i * 7) % titles.length]} ${i}`),
      description: description(i),
      subject_area: "Math",
      keywords: i % 5 === 0 ? ["lesson"] : ["review"],
      grade: i % gradeFourEvery === 0 ? "4" : "5",
      approval_status: "approved",
      status: "active",
      download_count: (i * 37) % 101,
      published_at: new Date(Date.now() - i * 60_000),
    };
    corpus.push({
      name: row.name,
      fields: {
        title: row.title,
        description: row.description,
        subject: "Math",
        keywords: row.keywords,
        creator: creator.username,
      },
      grade: row.grade,
      downloads: row.download_count,
      published: row.published_at.getTime(),
    });
    return row;
  });
  for (let i = 0; i < rows.length; i += 2000) await db.insert(resources).values(rows.slice(i, i + 2000));
  return corpus;
}

/**
 * The corpus's matches of q (within a grade when one is given) as the domain ranks them: by
 * relevanceScore, ties by downloads, then newest.
 */
export function rankedByDomain(corpus: RankedEntry[], q: string, grade: string) {
  return corpus
    .filter((r) => matchesSearch(r.fields, q, false) && (!grade || r.grade === grade))
    .map((r) => ({ ...r, score: relevanceScore(r.fields, q, false) }))
    .sort((a, b) => b.score - a.score || b.downloads - a.downloads || b.published - a.published);
}
