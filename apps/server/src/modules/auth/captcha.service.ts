import { randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { captchaChallenges } from "../../db/schema/index.ts";
import { hashToken, newSecretToken } from "./secret-tokens.ts";

/**
 * A picture captcha: nine tiles of coloured shapes, "select every blue circle". One try per
 * challenge; a pass is a single-use captcha token, sent back in the `captcha-token` header.
 */
const SHAPES = ["circle", "square", "triangle", "star"] as const;
const COLOURS = { red: "#dc2626", blue: "#2563eb", green: "#16a34a", orange: "#ea580c" } as const;
type Shape = (typeof SHAPES)[number];
type Colour = keyof typeof COLOURS;

export const CAPTCHA_TILES = 9;
const CHALLENGE_MINUTES = 5;
const PASS_MINUTES = 10;
/** Seconds the client shows a failure before fetching a new challenge (spec 9: 2 s). */
export const CAPTCHA_FAILURE_TIMEOUT = 2;

export interface CaptchaChallenge {
  id: string;
  challenge: string;
  inputs: { code: string; image: string }[];
}

function shapeSvg(shape: Shape, fill: string, rotate: number): string {
  const body = {
    circle: `<circle cx="50" cy="50" r="32" fill="${fill}"/>`,
    square: `<rect x="20" y="20" width="60" height="60" rx="4" fill="${fill}"/>`,
    triangle: `<polygon points="50,14 88,84 12,84" fill="${fill}"/>`,
    star: `<polygon points="50,10 61,38 91,38 67,56 76,86 50,68 24,86 33,56 9,38 39,38" fill="${fill}"/>`,
  }[shape];
  const noise = Array.from(
    { length: 6 },
    () => `<circle cx="${randomInt(100)}" cy="${randomInt(100)}" r="${1 + randomInt(3)}" fill="#94a3b8"/>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><rect width="100" height="100" fill="#f8fafc"/>${noise}<g transform="rotate(${rotate} 50 50)">${body}</g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

export async function createCaptchaChallenge(db: Db): Promise<CaptchaChallenge> {
  const colours = Object.keys(COLOURS) as Colour[];
  const target = { shape: pick(SHAPES), colour: pick(colours) };
  const matching = 2 + randomInt(3);
  const tiles = Array.from({ length: CAPTCHA_TILES }, (_, i) => {
    if (i < matching) return { ...target, match: true };
    let other: { shape: Shape; colour: Colour };
    do other = { shape: pick(SHAPES), colour: pick(colours) };
    while (other.shape === target.shape && other.colour === target.colour);
    return { ...other, match: false };
  }).sort(() => randomInt(3) - 1);
  const inputs = tiles.map((t) => ({
    code: randomBytes(4).toString("hex"),
    image: shapeSvg(t.shape, COLOURS[t.colour], randomInt(60) - 30),
    match: t.match,
  }));
  const answer = answerKey(inputs.filter((i) => i.match).map((i) => i.code));
  const [row] = await db
    .insert(captchaChallenges)
    .values({ answer_hash: hashToken(answer), expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) })
    .returning({ id: captchaChallenges.id });
  return {
    id: row!.id,
    challenge: `Select every ${target.colour} ${target.shape}.`,
    inputs: inputs.map(({ code, image }) => ({ code, image })),
  };
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
