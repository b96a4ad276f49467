import { randomBytes, randomInt } from "node:crypto";
import type { CaptchaChallenge, CaptchaInput, CaptchaMode } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { captchaChallenges } from "../../db/schema/index.ts";
import { recordCaptchaAnswerForTests } from "./captcha-test-answers.ts";
import {
  CAPTCHA_PALETTE,
  CAPTCHA_SHAPES,
  type CaptchaColour,
  type CaptchaShape,
  renderCaptchaTile,
} from "./captcha-tiles.ts";
import { CAPTCHA_WORD_CATEGORIES } from "./captcha-words.ts";
import { hashToken, newSecretToken } from "./secret-tokens.ts";

/**
 * The captcha: nine inputs, each with a random code, and a challenge naming which to pick. Pictures by
 * default ("Select every blue circle.", tiles drawn in captcha-tiles.ts), or a text question for people
 * who cannot see them (captcha-words.ts). Only the answer's hash is stored. One try per challenge; a pass
 * is a single-use captcha token, sent back in the `captcha-token` header.
 */
export const CAPTCHA_TILES = 9;
const CHALLENGE_MINUTES = 5;
const PASS_MINUTES = 10;
/** Seconds the client shows a failure before fetching a new challenge (spec 9: 2 s). */
export const CAPTCHA_FAILURE_TIMEOUT = 2;

interface Drawn {
  challenge: string;
  inputs: CaptchaInput[];
  answer: string[];
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
const newCode = () => randomBytes(4).toString("hex");

/** Fisher-Yates: every order equally likely, so a right input's position says nothing about it. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Two to four tiles of the target, and among the others at least one of its colour in another shape and
 * one of its shape in another colour, so neither the colour alone nor the shape alone finds the answer.
 */
async function drawPictureChallenge(): Promise<Drawn> {
  const colours = Object.keys(CAPTCHA_PALETTE) as CaptchaColour[];
  const target = { shape: pick(CAPTCHA_SHAPES), colour: pick(colours) };
  const otherShapes = CAPTCHA_SHAPES.filter((s) => s !== target.shape);
  const otherColours = colours.filter((c) => c !== target.colour);
  const matching = 2 + randomInt(3);
  const sameColour = 1 + randomInt(2);
  const sameShape = 1 + randomInt(2);
  const tiles: { shape: CaptchaShape; colour: CaptchaColour; match: boolean }[] = [];
  for (let i = 0; i < CAPTCHA_TILES; i++) {
    if (i < matching) tiles.push({ ...target, match: true });
    else if (i < matching + sameColour)
      tiles.push({ shape: pick(otherShapes), colour: target.colour, match: false });
    else if (i < matching + sameColour + sameShape)
      tiles.push({ shape: target.shape, colour: pick(otherColours), match: false });
    else tiles.push({ shape: pick(otherShapes), colour: pick(otherColours), match: false });
  }
  shuffle(tiles);
  const inputs = await Promise.all(
    tiles.map(async (tile) => ({ code: newCode(), image: await renderCaptchaTile(tile.shape, tile.colour) })),
  );
  return {
    challenge: `Select every ${target.colour} ${target.shape}.`,
    inputs,
    answer: inputs.filter((_, i) => tiles[i]!.match).map((input) => input.code),
  };
}

/** Two to four words of one category among words drawn from all the others. */
function drawWordChallenge(): Drawn {
  const target = pick(CAPTCHA_WORD_CATEGORIES);
  const matching = 2 + randomInt(3);
  const rightWords = shuffle([...target.words]).slice(0, matching);
  const wrongWords = shuffle(
    CAPTCHA_WORD_CATEGORIES.filter((c) => c !== target).flatMap((c) => c.words),
  ).slice(0, CAPTCHA_TILES - matching);
  const words = shuffle([
    ...rightWords.map((text) => ({ text, match: true })),
    ...wrongWords.map((text) => ({ text, match: false })),
  ]);
  const inputs = words.map(({ text }) => ({ code: newCode(), text }));
  return {
    challenge: target.question,
    inputs,
    answer: inputs.filter((_, i) => words[i]!.match).map((input) => input.code),
  };
}

export async function createCaptchaChallenge(
  deps: { db: Db; config: Config },
  mode: CaptchaMode,
): Promise<CaptchaChallenge> {
  const drawn = mode === "text" ? drawWordChallenge() : await drawPictureChallenge();
  const [row] = await deps.db
    .insert(captchaChallenges)
    .values({
      answer_hash: hashToken(answerKey(drawn.answer)),
      expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    })
    .returning({ id: captchaChallenges.id });
  const id = row!.id;
  // Only a test server keeps the answer where tests can read it (captcha-test-answers.ts says why).
  if (deps.config.env === "test") await recordCaptchaAnswerForTests(deps.config.dataDir, id, drawn.answer);
  return { id, challenge: drawn.challenge, inputs: drawn.inputs };
}

const answerKey = (codes: string[]) => [...new Set(codes)].sort().join(",");

/** One try: a right answer gets a captcha token; a wrong, expired or reused challenge gets a timeout. */
export async function solveCaptcha(
  db: Db,
  id: string,
  inputCodes: string[],
): Promise<{ captchaToken: string } | { timeout: number }> {
  const pass = newSecretToken();
  // Claim the challenge in one statement, so two concurrent tries cannot both use it.
  const claimed = await db.execute<{ answer_hash: string }>(sql`
    update captcha_challenges set solved_at = now()
    where id = ${id} and solved_at is null and expires_at > now()
    returning answer_hash`);
  const row = claimed.rows[0];
  if (!row || row.answer_hash !== hashToken(answerKey(inputCodes)))
    return { timeout: CAPTCHA_FAILURE_TIMEOUT };
  await db.execute(sql`update captcha_challenges set token_hash = ${pass.hash} where id = ${id}`);
  return { captchaToken: pass.token };
}

/** Spends a captcha pass: true once per token, within PASS_MINUTES of solving. */
export async function consumeCaptchaToken(db: Db, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const used = await db.execute(sql`
    update captcha_challenges set token_used_at = now()
    where token_hash = ${hashToken(token)} and token_used_at is null
      and solved_at > now() - ${`${PASS_MINUTES} minutes`}::interval
    returning id`);
  return used.rows.length === 1;
}
