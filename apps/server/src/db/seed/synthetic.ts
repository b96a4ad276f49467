import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { GRADES, RESOURCE_TEXT_LIMITS, type ResourceType } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Storage } from "../../platform/storage.ts";
import type { Db } from "../client.ts";
import { randomRefCode } from "./demo.ts";
import { PREVIEW_SIZE, previewSvg, renderSvg } from "./images.ts";
import { minimalPdf } from "./pdf.ts";
import {
  MOST_REVIEWS,
  READER_PREFIX,
  READERS,
  ratingsCtes,
  reviewsInsert,
  withoutRatingTrigger,
} from "./synthetic-ratings.ts";

export const SYNTHETIC_PREVIEW_KEY = "previews/synthetic.png";
export const SYNTHETIC_FILE_KEY = "files/synthetic.pdf";
export const SYNTHETIC_PREMIUM_FILE_KEY = "files/synthetic-full.pdf";

const CREATOR_PREFIX = "synth_creator_";
const NAME_PREFIX = "synthetic-";

/** The tables a bulk load writes, whose secondary indexes it may drop and rebuild around the load. */
const LOADED_TABLES = ["resources", "resource_previews", "resource_files", "reviews"] as const;
/** Below this many new rows, inserting into the live indexes costs less than rebuilding them. */
const REBUILD_MIN_ROWS = 50_000;

export interface SyntheticOptions {
  /** Where the shared preview and PDFs are stored; without it only the rows are written. */
  storage?: Storage;
  /** Creators to spread the resources over, made once and reused by later runs. */
  creators?: number;
  /** Rows per statement: bounds memory on PGlite while keeping round trips few. */
  batchSize?: number;
  /**
   * Statements run at once, each on its own connection (PGlite runs them one after another). The
   * search trigger is most of a row's cost and a statement uses one core, so the default is one per core.
   */
  parallel?: number;
}

export interface SyntheticResult {
  created: number;
  creators: number;
  /** How long building the dropped secondary indexes again took, when the load dropped them. */
  indexMs: number | null;
  ms: number;
}

/**
 * The catalogue's vocabulary, a few hundred words that search meets in titles, keywords and descriptions:
 * a title is "[modifier] <topic> <form>", the modifier when it fits in a title's 32 characters. Topics are
 * at most 18 characters and forms at most 13, so "<topic> <form>" always fits (checked below).
 */
const TOPICS_BY_SUBJECT: Record<string, string> = {
  Math:
    "Fractions, Place Value, Multiplication, Long Division, Geometry, Decimals, Linear Equations, Probability, " +
    "Measurement, Telling Time, Counting Money, Addition, Subtraction, Number Sense, Skip Counting, " +
    "Area and Perimeter, Ratios, Percentages, Integers, Exponents, Algebra, Graphing, Data Analysis, Statistics, " +
    "Polygons, Symmetry, Angles, Volume, Word Problems, Mental Math, Rounding, Patterns, Coordinate Plane, " +
    "Prime Numbers",
  English:
    "Phonics, Sight Words, Main Idea, Poetry, Narrative Writing, Grammar, Vocabulary, Reading Fluency, Spelling, " +
    "Punctuation, Parts of Speech, Opinion Writing, Persuasive Essays, Context Clues, Story Elements, Inferences, " +
    "Book Reports, Nouns and Verbs, Adjectives, Syllables, Rhyming Words, Handwriting, Cursive, Comprehension, " +
    "Character Traits, Fables, Text Features, Summarizing",
  Science:
    "Photosynthesis, Ecosystems, Solar System, States of Matter, Weather, Magnets, Human Body, Life Cycles, " +
    "Plant Parts, Food Chains, Rocks and Minerals, Volcanoes, Earthquakes, Water Cycle, Simple Machines, " +
    "Forces and Motion, Electricity, Light and Sound, Cells, Genetics, Chemical Reactions, Periodic Table, " +
    "Dinosaurs, Insects, Animal Habitats, Oceans, Rainforests, Climate Change, Energy, Scientific Method, Moon Phases",
  "Social Studies":
    "Ancient Rome, Map Skills, Civil War, Government, Economics, Ancient Egypt, Ancient Greece, World War II, " +
    "Explorers, Continents, Native Americans, Black History, Constitution, Elections, Communities, Immigration, " +
    "Industrial Age, Timelines, Citizenship, Geography, Medieval Europe, Civil Rights",
  Arts:
    "Color Theory, Watercolor, Drawing, Clay Sculpture, Printmaking, Art History, Self Portraits, Collage, " +
    "Perspective, Famous Artists",
  Music: "Rhythm, Composers, Note Reading, Recorder, Instruments, Music Theory, Singing Games, Orchestra",
  "Physical Ed":
    "Fitness, Team Sports, Yoga, Basketball, Soccer, Jump Rope, Nutrition, Dance, Volleyball, Field Day",
  "World Languages":
    "Spanish Verbs, French Greetings, Spanish Numbers, French Food, German Basics, Italian Colors, " +
    "Mandarin Tones, Latin Roots, Spanish Family, Sign Language",
  "Special Ed":
    "Social Skills, Life Skills, Visual Schedules, Fine Motor, Social Stories, Task Boxes, Emotions, " +
    "Self Regulation",
  Other:
    "Growth Mindset, Study Skills, Classroom Rules, Morning Meeting, Coding, Typing, Financial Literacy, " +
    "Career Day, Kindness, Mindfulness, Debate, Goal Setting",
};

/** A form's resource type decides the resource's type. */
const FORMS_BY_TYPE: Record<ResourceType, string> = {
  Activity: "Task Cards, Centers, Flash Cards, Notebook, Mini Book, Warm Ups, Choice Board",
  Game: "Bingo, Escape Room, Review Game, Puzzles, Games",
  Worksheet: "Worksheets, Color by Code, Organizers, Crossword, Word Search, Homework",
  Unit: "Unit, Project",
  Assessment: "Quiz, Exit Tickets, Test Prep, Rubric",
  Poster: "Posters, Anchor Charts",
  "Lesson Plan": "Lesson Plan, Lab",
  Presentation: "Slides",
  Other: "Pack, Bundle, Booklet",
};

const MODIFIERS = words(
  "Halloween, Winter, Spring, Summer, Autumn, Holiday, Thanksgiving, Christmas, Valentine, Easter, Editable, " +
    "Digital, Printable, Interactive, Differentiated, Leveled, Bilingual, Seasonal, Illustrated, Scaffolded, " +
    "Collaborative, Quick, Daily, Weekly, Beginner, Advanced, Sensory, Outdoor, Mystery, Pirate, Space, Jungle, " +
    "Ocean, Superhero, Dinosaur, Camping, Farm, Robot, Rainbow, Vintage, Minimalist, Boho, Bright",
);

const VERBS = words(
  "explore, practice, review, master, investigate, compare, model, discuss, sort, build, solve, explain",
);

const SETTINGS = words(
  "partner work, learning stations, a gallery walk, a scavenger hunt, journal prompts, hands-on games, " +
    "guided notes, small group rotations, think pair share, exit slips, peer review, real world examples, " +
    "short videos, class discussion, independent practice, cooperative learning",
);

const SUBTITLES = words(
  "Print and go practice, Differentiated levels, With answer keys, Digital and printable, Small group ready, " +
    "Whole class review, No prep activities, Editable templates, Teacher notes included, Ready for substitutes, " +
    "Google Slides version, Homework and classwork, Visual supports, Quick daily practice, Spiral review, " +
    "Enrichment and support",
);

const SENTENCES = [
  "Students practice the key ideas step by step with clear directions and worked examples.",
  "Use it in whole-group lessons, small groups, learning centers or as homework.",
  "Every page prints cleanly in black and white and comes with a complete answer key.",
  "Differentiated versions support learners who need scaffolding and those ready for a challenge.",
  "It works well as an emergency sub plan, a review before a test or an early-finisher task.",
  "Teachers report higher engagement and better retention after using it for a week.",
  "Editable pages let you adjust vocabulary, numbers and examples to fit your class.",
  "Includes a quick assessment so you can check understanding and plan the next lesson.",
  "Bright illustrations and friendly fonts keep younger readers focused from start to finish.",
  "A pacing guide suggests how to spread the material over two or three class periods.",
  "Rubrics and checklists make grading fast and give students clear goals for their work.",
  "Reflection questions at the end help students connect the lesson to their own lives.",
  "Printable cards can be laminated and reused in stations year after year.",
  "Family letters explain the activity so parents can support the learning at home.",
  "Extension tasks challenge fast finishers to apply the ideas in a new situation.",
  "Vocabulary cards with pictures support English learners and struggling readers.",
];

const SKILLS = words(
  "Problem solving, Critical thinking, Collaboration, Reading closely, Fluency, Reasoning, Creativity, " +
    "Communication, Research, Note taking, Self assessment, Listening",
);
const STANDARDS = words(
  "CCSS.MATH.MP1, CCSS.MATH.MP4, CCSS.ELA.RL.1, CCSS.ELA.W.3, NGSS SEP 3, NGSS SEP 6, C3 D2.Geo.2, " +
    "C3 D2.His.1, NCAS VA:Cr1.1, SHAPE Standard 1",
);
const FIRST_NAMES = words("Olivia, Noah, Amara, Lucas, Sofia, Mateo, Hannah, Ethan, Leila, Owen");
const LAST_NAMES = words(
  "Bennett, Okafor, Lindqvist, Moreno, Tanaka, Fischer, Haddad, Kowalski, Reyes, Singh",
);

const TOPICS: readonly [topic: string, subject: string][] = Object.entries(TOPICS_BY_SUBJECT).flatMap(
  ([subject, list]) => words(list).map((topic) => [topic, subject] as [string, string]),
);
const FORMS: readonly [form: string, type: string][] = Object.entries(FORMS_BY_TYPE).flatMap(([type, list]) =>
  words(list).map((form) => [form, type] as [string, string]),
);

const TITLE_MAX = RESOURCE_TEXT_LIMITS.title.max;
const longest = (list: readonly string[]) => Math.max(...list.map((t) => t.length));
if (
  longest(TOPICS.map(([t]) => t)) + 1 + longest(FORMS.map(([f]) => f)) > TITLE_MAX ||
  longest(SUBTITLES) > RESOURCE_TEXT_LIMITS.subtitle.max
) {
  throw new Error("every synthetic title and subtitle must fit RESOURCE_TEXT_LIMITS");
}

function words(list: string): string[] {
  return list.split(", ");
}

/** A Postgres text[] literal from a fixed list (no user input reaches it). */
function textArray(values: readonly string[]) {
  return sql.raw(`(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[])`);
}

/**
 * Adds `count` approved, active resources for benchmarks, set-based: each batch is one statement that
 * generates the rows with generate_series and inserts resources, their preview and their files together,
 * and the reviews of the rated ones with their count and sum (synthetic-ratings.ts).
 * Titles, descriptions and keywords come from the word lists above by arithmetic on the row number, so
 * searches and filters have varied text to work on. Names carry a per-run suffix, so it can run again on
 * the same database.
 *
 * The table's triggers run for every row, so the columns they keep (the search vector) are filled as
 * by any other write; they are most of the cost, so batches run in parallel, one per core. A large load
 * (at least REBUILD_MIN_ROWS, and at least as many rows as the table holds) drops the loaded tables'
 * secondary indexes first and builds them again from their own definitions after: building an index
 * once is several times cheaper than maintaining it row by row. They are built again when the load
 * fails too; only a killed process leaves them missing (seed a fresh database then).
 */
export async function seedSyntheticResources(
  db: Db,
  count: number,
  opts: SyntheticOptions = {},
): Promise<SyntheticResult> {
  const started = performance.now();
  const creatorCount = opts.creators ?? 20;
  const batchSize = opts.batchSize ?? 25_000;
  const parallel = opts.parallel ?? availableParallelism();

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
  const creators = await ensureAccounts(db, CREATOR_PREFIX, creatorCount);
  if ((await ensureAccounts(db, READER_PREFIX, READERS)) < MOST_REVIEWS) {
    throw new Error(`synthetic reviews need ${MOST_REVIEWS} readers`);
  }
  if (count === 0) return { created: 0, creators, indexMs: null, ms: elapsed(started) };

  const suffix = randomBytes(3).toString("hex");
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from resources`);
  const rebuild = count >= REBUILD_MIN_ROWS && count >= Number(existing.rows[0]?.n ?? 0);
  const dropped = rebuild ? await dropSecondaryIndexes(db) : [];
  let indexesFrom = 0;
  try {
    const batches = Array.from({ length: Math.ceil(count / batchSize) }, (_, i) => i * batchSize + 1);
    const load = (from: number) =>
      db.execute(
        insertStatement(
          from,
          Math.min(count, from + batchSize - 1),
          suffix,
          preview.length,
          file.length,
          premium.length,
        ),
      );
    // The first batch alone: rows the table's triggers add once per new word (the search lexicon) then
    // exist before parallel batches would race to add the same ones, waiting on or deadlocking each other.
    await withoutRatingTrigger(db, async () => {
      await load(batches[0]!);
      await inParallel(batches.slice(1), parallel, load);
    });
  } finally {
    indexesFrom = performance.now();
    // Built again whether or not the load finished: a failed load must not leave the catalogue unindexed.
    // The largest (the search index, first in the list) starts first, the others share the other connections.
    await inParallel(dropped, parallel, (definition) =>
      db.transaction(async (tx) => {
        // Room to sort in memory: a GIN index (the search index) is built in fewer passes with it.
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql.raw(definition));
      }),
    );
  }
  return { created: count, creators, indexMs: rebuild ? elapsed(indexesFrom) : null, ms: elapsed(started) };
}

/**
 * Drops the loaded tables' secondary indexes (not those behind a primary key or a unique constraint)
 * and returns their definitions, GIN ones first, to be run again after the load.
 */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const indexes = await db.execute<{ name: string; definition: string }>(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where i.indrelid in (${sql.join(
      LOADED_TABLES.map((t) => sql`${t}::regclass`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by a.amname = 'gin' desc, c.relname`);
  await db.transaction(async (tx) => {
    for (const { name } of indexes.rows) await tx.execute(sql`drop index ${sql.identifier(name)}`);
  });
  return indexes.rows.map((r) => r.definition);
}

/** Runs `task` over `items`, at most `limit` at a time (on PostgreSQL, each on its own pooled connection). */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** How many synthetic resources the database holds (a benchmark reusing a database tops it up to its N). */
export async function countSyntheticResources(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from resources where starts_with(name, ${NAME_PREFIX})`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Rows `from` to `to` (row numbers; the text of a row depends only on its number). */
function insertStatement(
  from: number,
  to: number,
  suffix: string,
  previewBytes: number,
  fileBytes: number,
  premiumBytes: number,
) {
  // A multiplicative hash of the row number picks the modifier, the grade, the subtitle and the
  // sentences, so that small loads see the whole vocabulary too and neighbouring rows differ.
  return sql`
    with c as (
      select array_agg(id order by username) as ids from users where starts_with(username, ${CREATOR_PREFIX})
    ),
    h as (
      select g, ((g::bigint * 2654435761) % 2147483647)::int as h from generate_series(${from}::int, ${to}::int) g
    ),
    w as (
      select g, h,
        ${textArray(TOPICS.map(([t]) => t))}[1 + g % ${TOPICS.length}] as topic,
        ${textArray(TOPICS.map(([, s]) => s))}[1 + g % ${TOPICS.length}] as subject,
        ${textArray(FORMS.map(([f]) => f))}[1 + (g / ${TOPICS.length}) % ${FORMS.length}] as form,
        ${textArray(FORMS.map(([, t]) => t))}[1 + (g / ${TOPICS.length}) % ${FORMS.length}] as type,
        ${textArray(MODIFIERS)}[1 + h % ${MODIFIERS.length}] as modifier,
        ${textArray(GRADES)}[1 + (h / 7) % ${GRADES.length}] as grade,
        ${textArray(SENTENCES)}[1 + (h / 11) % ${SENTENCES.length}] as s1,
        ${textArray(SENTENCES)}[1 + (h / 11 + 1 + (h / 13) % 4) % ${SENTENCES.length}] as s2,
        ${textArray(SENTENCES)}[1 + (h / 11 + 2 + (h / 13) % 4 + (h / 17) % 4) % ${SENTENCES.length}] as s3,
        ${textArray(SENTENCES)}[1 + (h / 11 + 3 + (h / 13) % 4 + (h / 17) % 4 + (h / 19) % 4) % ${SENTENCES.length}]
          as s4,
        case when g % 3 = 0 then 0 else (1 + (g * 37) % 100) * 100 end as price,
        now() - ((g::bigint * 7919) % 129600) * interval '1 minute' as published_at
      from h
    ),
    ${ratingsCtes()},
    ins as (
      insert into resources (name, users_id, title, subtitle, subject_area, description, keywords, skills,
        standards, grade, reading_levels, type, price, sale_price, sale_end, approval_status, status, upload_status,
        requires_approval, download_count, rating_count, rating_sum, published_at, created_at, updated_at)
      select
        ${NAME_PREFIX}::text || w.g || '-' || ${suffix}::text,
        c.ids[1 + w.g % array_length(c.ids, 1)],
        case when char_length(w.modifier || w.topic || w.form) + 2 <= ${TITLE_MAX}
          then w.modifier || ' ' || w.topic || ' ' || w.form else w.topic || ' ' || w.form end,
        ${textArray(SUBTITLES)}[1 + (w.h / 23) % ${SUBTITLES.length}],
        w.subject,
        rtrim(regexp_replace(left(
          w.modifier || ' ' || w.topic || ' ' || w.form || case when w.type ~ '^[AEIOU]' then ': an ' else ': a ' end ||
          lower(w.type) || ' for grade ' || w.grade || ' ' || w.subject || ' classes. Students ' ||
          ${textArray(VERBS)}[1 + (w.h / 29) % ${VERBS.length}] || ' ' || lower(w.topic) || ' through ' ||
          ${textArray(SETTINGS)}[1 + (w.h / 31) % ${SETTINGS.length}] || '. ' ||
          w.s1 || ' ' || w.s2 || ' ' || w.s3 || ' ' || w.s4, ${RESOURCE_TEXT_LIMITS.description.max - 1}::int),
          '\s+\S*$', ''), ' ,.;:') || '.',
        array[lower(w.topic), lower(w.form), lower(w.subject), lower(w.modifier)],
        array[${textArray(SKILLS)}[1 + (w.h / 37) % ${SKILLS.length}]],
        array[${textArray(STANDARDS)}[1 + (w.h / 41) % ${STANDARDS.length}]],
        w.grade,
        'Lexile ' || (200 + (w.g % 10) * 100) || 'L',
        w.type,
        w.price,
        -- One in twenty of those priced $5 or more is on sale, about 20% off, until a day in the coming month.
        case when w.g % 20 = 1 and w.price >= 500 then w.price * 8 / 1000 * 100 end,
        case when w.g % 20 = 1 and w.price >= 500 then current_date + (1 + w.g % 30) end,
        'approved', 'active', 2, false,
        ((w.g::bigint * 7919) % 5000)::int,
        coalesce(rated.n, 0), coalesce(rated.s, 0),
        w.published_at, w.published_at, w.published_at
      from w cross join c left join rated on rated.g = w.g
      returning id, price, name
    ),
    ${reviewsInsert()},
    previews as (
      insert into resource_previews (resource_id, order_index, storage_key, size_bytes, width, height)
      select id, 0, ${SYNTHETIC_PREVIEW_KEY}::text, ${previewBytes}::int, ${PREVIEW_SIZE.width}::int,
        ${PREVIEW_SIZE.height}::int
      from ins
    )
    insert into resource_files (resource_id, name, storage_key, content_type, size_bytes, is_premium_file)
    select id, 'sample.pdf', ${SYNTHETIC_FILE_KEY}::text, 'application/pdf', ${fileBytes}::bigint, false from ins
    union all
    select id, 'full.pdf', ${SYNTHETIC_PREMIUM_FILE_KEY}::text, 'application/pdf', ${premiumBytes}::bigint, true
    from ins where price > 0`;
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/** `wanted` accounts named `prefix` and a number (creators, readers), made once and reused by later runs. */
async function ensureAccounts(db: Db, prefix: string, wanted: number): Promise<number> {
  const codes = Array.from({ length: wanted }, randomRefCode);
  // A clash on username (an earlier run) or, very rarely, on a random ref code just skips that account.
  await db.execute(sql`
    insert into users (username, email, first_name, last_name, ref_code, email_verified_at)
    select ${prefix}::text || lpad(n::text, 2, '0'),
           ${prefix}::text || lpad(n::text, 2, '0') || '@synthetic.lessonloft.test',
           ${textArray(FIRST_NAMES)}[1 + (n - 1) % ${FIRST_NAMES.length}],
           ${textArray(LAST_NAMES)}[1 + (n * 3) % ${LAST_NAMES.length}],
           (string_to_array(${codes.join(",")}::text, ','))[n],
           now()
    from generate_series(1, ${wanted}::int) n
    on conflict do nothing`);
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where starts_with(username, ${prefix})`,
  );
  const n = Number(result.rows[0]?.n ?? 0);
  if (n === 0) throw new Error(`could not create synthetic accounts ${prefix}*`);
  return n;
}
