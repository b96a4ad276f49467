import { randomBytes } from "node:crypto";
import { GRADES, RESOURCE_TYPES } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Storage } from "../../platform/storage.ts";
import type { Db } from "../client.ts";
import { randomRefCode } from "./demo.ts";
import { PREVIEW_SIZE, previewSvg, renderSvg } from "./images.ts";
import { minimalPdf } from "./pdf.ts";

export const SYNTHETIC_PREVIEW_KEY = "previews/synthetic.png";
export const SYNTHETIC_FILE_KEY = "files/synthetic.pdf";
export const SYNTHETIC_PREMIUM_FILE_KEY = "files/synthetic-full.pdf";

const CREATOR_PREFIX = "synth_creator_";

export interface SyntheticOptions {
  /** Where the shared preview and PDFs are stored; without it only the rows are written. */
  storage?: Storage;
  /** Creators to spread the resources over, made once and reused by later runs. */
  creators?: number;
  /** Rows per statement: bounds memory on PGlite while keeping round trips few. */
  batchSize?: number;
}

export interface SyntheticResult {
  created: number;
  creators: number;
  ms: number;
}

// Parallel lists: a topic's subject, a form's resource type. Titles are "<topic> <form>", at most 31 characters.
const TOPICS: readonly [string, string][] = [
  ["Fractions", "Math"],
  ["Place Value", "Math"],
  ["Multiplication", "Math"],
  ["Long Division", "Math"],
  ["Geometry", "Math"],
  ["Decimals", "Math"],
  ["Linear Equations", "Math"],
  ["Probability", "Math"],
  ["Measurement", "Math"],
  ["Telling Time", "Math"],
  ["Phonics", "English"],
  ["Sight Words", "English"],
  ["Main Idea", "English"],
  ["Poetry", "English"],
  ["Narrative Writing", "English"],
  ["Grammar", "English"],
  ["Vocabulary", "English"],
  ["Photosynthesis", "Science"],
  ["Ecosystems", "Science"],
  ["Solar System", "Science"],
  ["States of Matter", "Science"],
  ["Weather", "Science"],
  ["Magnets", "Science"],
  ["Human Body", "Science"],
  ["Ancient Rome", "Social Studies"],
  ["Map Skills", "Social Studies"],
  ["Civil War", "Social Studies"],
  ["Government", "Social Studies"],
  ["Economics", "Social Studies"],
  ["Color Theory", "Arts"],
  ["Watercolor", "Arts"],
  ["Rhythm", "Music"],
  ["Composers", "Music"],
  ["Fitness", "Physical Ed"],
  ["Team Sports", "Physical Ed"],
  ["Spanish Verbs", "World Languages"],
  ["French Greetings", "World Languages"],
  ["Social Skills", "Special Ed"],
  ["Life Skills", "Special Ed"],
  ["Growth Mindset", "Other"],
  ["Study Skills", "Other"],
];

const FORMS: readonly [string, string][] = [
  ["Task Cards", "Activity"],
  ["Bingo", "Game"],
  ["Worksheets", "Worksheet"],
  ["Unit", "Unit"],
  ["Quiz", "Assessment"],
  ["Posters", "Poster"],
  ["Lesson Plan", "Lesson Plan"],
  ["Escape Room", "Game"],
  ["Centers", "Activity"],
  ["Exit Tickets", "Assessment"],
  ["Slides", "Presentation"],
  ["Review Game", "Game"],
  ["Pack", "Other"],
];

const SUBTITLES = [
  "Print and go practice",
  "Differentiated levels",
  "With answer keys",
  "Digital and printable",
  "Small group ready",
  "Whole class review",
];

const SENTENCES = [
  "Students practice the key ideas step by step with clear directions and worked examples.",
  "Use it in whole-group lessons, small groups, learning centers or as homework.",
  "Every page prints cleanly in black and white and comes with a complete answer key.",
  "Differentiated versions support learners who need scaffolding and those ready for a challenge.",
  "It works well as an emergency sub plan, a review before a test or an early-finisher task.",
  "Teachers report higher engagement and better retention after using it for a week.",
  "Editable pages let you adjust vocabulary, numbers and examples to fit your class.",
  "Includes a quick assessment so you can check understanding and plan the next lesson.",
];

const SKILLS = [
  "Problem solving",
  "Critical thinking",
  "Collaboration",
  "Reading closely",
  "Fluency",
  "Reasoning",
];
const STANDARDS = [
  "CCSS.MATH.MP1",
  "CCSS.ELA.RL.1",
  "NGSS SEP 3",
  "C3 D2.Geo.2",
  "NCAS VA:Cr1.1",
  "SHAPE Standard 1",
];
const FIRST_NAMES = [
  "Olivia",
  "Noah",
  "Amara",
  "Lucas",
  "Sofia",
  "Mateo",
  "Hannah",
  "Ethan",
  "Leila",
  "Owen",
];
const LAST_NAMES = [
  "Bennett",
  "Okafor",
  "Lindqvist",
  "Moreno",
  "Tanaka",
  "Fischer",
  "Haddad",
  "Kowalski",
  "Reyes",
  "Singh",
];

/** A Postgres text[] literal from a fixed list (no user input reaches it). */
function textArray(values: readonly string[]) {
  return sql.raw(`(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[])`);
}

/**
 * Adds `count` approved, active resources for benchmarks, set-based: each batch is one statement that
 * generates the rows with generate_series and inserts resources, their preview and their files together.
 * Titles, descriptions and keywords come from word lists by modular arithmetic, so searches and filters
 * have varied text to work on. Names carry a per-run suffix, so it can run again on the same database.
 */
export async function seedSyntheticResources(
  db: Db,
  count: number,
  opts: SyntheticOptions = {},
): Promise<SyntheticResult> {
  const started = performance.now();
  const creatorCount = opts.creators ?? 20;
  const batchSize = opts.batchSize ?? 25_000;

  const preview = await renderSvg(
    previewSvg({
      title: "Synthetic resource",
      subtitle: "Benchmark data",
      grade: "3",
      subject: "Other",
      type: "Other",
      page: 1,
      pages: 1,
      accent: "#374151",
    }),
  );
  const file = minimalPdf({ title: "Synthetic resource", lines: ["Benchmark data"] });
  const premium = minimalPdf({ title: "Synthetic resource (full)", lines: ["Benchmark data"] });
  if (opts.storage) {
    await Promise.all([
      opts.storage.put(SYNTHETIC_PREVIEW_KEY, preview),
      opts.storage.put(SYNTHETIC_FILE_KEY, file),
      opts.storage.put(SYNTHETIC_PREMIUM_FILE_KEY, premium),
    ]);
  }

  const creators = await ensureCreators(db, creatorCount);
  const suffix = randomBytes(3).toString("hex");
  const topics = textArray(TOPICS.map(([t]) => t));
  const topicSubjects = textArray(TOPICS.map(([, s]) => s));
  const forms = textArray(FORMS.map(([f]) => f));
  const formTypes = textArray(FORMS.map(([, t]) => t));
  const grades = textArray(GRADES);
  const subtitles = textArray(SUBTITLES);
  const sentences = textArray(SENTENCES);
  const skills = textArray(SKILLS);
  const standards = textArray(STANDARDS);
  const types = new Set<string>(RESOURCE_TYPES);
  if (!FORMS.every(([, t]) => types.has(t))) throw new Error("synthetic form types must be resource types");

  for (let from = 1; from <= count; from += batchSize) {
    const to = Math.min(count, from + batchSize - 1);
    await db.execute(sql`
      with c as (
        select array_agg(id order by username) as ids from users where starts_with(username, ${CREATOR_PREFIX})
      ),
      w as (
        select g,
          ${topics}[1 + g % ${TOPICS.length}] as topic,
          ${topicSubjects}[1 + g % ${TOPICS.length}] as subject,
          ${forms}[1 + (g / ${TOPICS.length}) % ${FORMS.length}] as form,
          ${formTypes}[1 + (g / ${TOPICS.length}) % ${FORMS.length}] as type,
          ${grades}[1 + (g * 7) % ${GRADES.length}] as grade,
          now() - ((g::bigint * 7919) % 129600) * interval '1 minute' as published_at
        from generate_series(${from}::int, ${to}::int) g
      ),
      ins as (
        insert into resources (name, users_id, title, subtitle, subject_area, description, keywords, skills,
          standards, grade, reading_levels, type, price, approval_status, status, upload_status, requires_approval,
          download_count, published_at, created_at, updated_at)
        select
          'synthetic-' || w.g || '-' || ${suffix}::text,
          c.ids[1 + w.g % array_length(c.ids, 1)],
          w.topic || ' ' || w.form,
          ${subtitles}[1 + w.g % ${SUBTITLES.length}],
          w.subject,
          rtrim(regexp_replace(left(
            w.topic || ' ' || w.form || case when w.type ~ '^[AEIOU]' then ' is an ' else ' is a ' end ||
            lower(w.type) || ' for grade ' || w.grade || ' ' ||
            w.subject || ' classes. ' ||
            ${sentences}[1 + w.g % 8] || ' ' || ${sentences}[1 + (w.g / 8 + 1) % 8] || ' ' ||
            ${sentences}[1 + (w.g / 64 + 2) % 8] || ' ' || ${sentences}[1 + (w.g + 3) % 8] || ' ' ||
            ${sentences}[1 + (w.g + 5) % 8], 379), '\s+\S*$', ''), ' ,.;:') || '.',
          array[lower(w.topic), lower(w.form), lower(w.subject)],
          array[${skills}[1 + w.g % ${SKILLS.length}]],
          array[${standards}[1 + w.g % ${STANDARDS.length}]],
          w.grade,
          'Lexile ' || (200 + (w.g % 10) * 100) || 'L',
          w.type,
          case when w.g % 3 = 0 then 0 else (1 + (w.g * 37) % 100) * 100 end,
          'approved', 'active', 2, false,
          ((w.g::bigint * 7919) % 5000)::int,
          w.published_at, w.published_at, w.published_at
        from w cross join c
        returning id, price
      ),
      previews as (
        insert into resource_previews (resource_id, order_index, storage_key, size_bytes, width, height)
        select id, 0, ${SYNTHETIC_PREVIEW_KEY}::text, ${preview.length}::int, ${PREVIEW_SIZE.width}::int,
          ${PREVIEW_SIZE.height}::int
        from ins
      )
      insert into resource_files (resource_id, name, storage_key, content_type, size_bytes, is_premium_file)
      select id, 'sample.pdf', ${SYNTHETIC_FILE_KEY}::text, 'application/pdf', ${file.length}::bigint, false from ins
      union all
      select id, 'full.pdf', ${SYNTHETIC_PREMIUM_FILE_KEY}::text, 'application/pdf', ${premium.length}::bigint, true
      from ins where price > 0`);
  }
  return { created: count, creators, ms: Math.round(performance.now() - started) };
}

async function ensureCreators(db: Db, wanted: number): Promise<number> {
  const codes = Array.from({ length: wanted }, randomRefCode);
  // A clash on username (an earlier run) or, very rarely, on a random ref code just skips that creator.
  await db.execute(sql`
    insert into users (username, email, first_name, last_name, ref_code, email_verified_at)
    select ${CREATOR_PREFIX}::text || lpad(n::text, 2, '0'),
           ${CREATOR_PREFIX}::text || lpad(n::text, 2, '0') || '@synthetic.lessonloft.test',
           ${textArray(FIRST_NAMES)}[1 + (n - 1) % ${FIRST_NAMES.length}],
           ${textArray(LAST_NAMES)}[1 + (n * 3) % ${LAST_NAMES.length}],
           (string_to_array(${codes.join(",")}::text, ','))[n],
           now()
    from generate_series(1, ${wanted}::int) n
    on conflict do nothing`);
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where starts_with(username, ${CREATOR_PREFIX})`,
  );
  const n = Number(result.rows[0]?.n ?? 0);
  if (n === 0) throw new Error("could not create synthetic creators");
  return n;
}

/**
 * N running ads spread over the five types for the serving benchmark (issue: Advertising, Speed): each
 * with a budget and a random share of its day's impressions already served, owned by the first creator.
 */
export async function seedSyntheticAds(db: Db, count: number): Promise<{ created: number; ms: number }> {
  const started = performance.now();
  await db.execute(sql`
    insert into advertisements (users_id, ad_type, approval_status, running_status, title, description, button,
      subtitle, subject, statement, click_url, image_url, image_name, spend_per_day, run_days_total, grades,
      starts_at, ends_at)
    select (select id from users order by created_at limit 1), ((g % 5) + 1)::text, 'approved', 'running',
      'Synthetic ad ' || g, 'Classroom supplies for every teacher', 'Shop now', 'For teachers', 'Supplies',
      'Paid for by a member of the community', 'https://ads.example.com/' || g, null, 'ad.png',
      500 + (g % 20) * 100, 30, case when g % 3 = 0 then array['3'] else '{}'::text[] end,
      now() - interval '1 day', now() + interval '29 days'
    from generate_series(1, ${count}) g`);
  return { created: count, ms: Math.round(performance.now() - started) };
}
