import type { CaptchaChallenge } from "@market/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailures } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { captchaAnswer } from "../../test/captcha-solver.ts";
import { makeUser, TEST_PASSWORD } from "../../test/factories.ts";
import { CAPTCHA_PALETTE, CAPTCHA_SHAPES } from "./captcha-tiles.ts";
import { CAPTCHA_WORD_CATEGORIES } from "./captcha-words.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// The captcha's rate limit counts per address; each call here comes from an address of its own.
let calls = 0;
const nextAddress = () => `10.7.${Math.floor(++calls / 250)}.${(calls % 250) + 1}`;

const fetchChallenge = async (mode?: "image" | "text") => {
  const res = await t.app.inject({
    method: "GET",
    url: mode ? `/api/auth/captcha?mode=${mode}` : "/api/auth/captcha",
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<CaptchaChallenge>();
};
const answer = async (id: string, inputCodes: string[]) =>
  (
    await t.app.inject({
      method: "POST",
      url: "/api/auth/captcha",
      payload: { id, inputCodes },
      remoteAddress: nextAddress(),
    })
  ).json<{ captchaToken: string } | { timeout: number }>();

const imageBytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");

/** Everything a script reading the markup would look for: names, the palette's hex, SVG source. */
const CLUES = [
  ...Object.keys(CAPTCHA_PALETTE),
  ...Object.values(CAPTCHA_PALETTE),
  ...Object.values(CAPTCHA_PALETTE).map((hex) => hex.slice(1)),
  ...CAPTCHA_SHAPES,
  // The old palette's orange, and what SVG markup or a text chunk would carry.
  "orange",
  "#ea580c",
  "<svg",
  "fill=",
  "polygon",
  "xmlns",
];

/** A WebP's RIFF chunks: a raster bitstream carries no text unless EXIF or XMP chunks are added. */
function webpChunks(bytes: Buffer): string[] {
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    chunks.push(bytes.subarray(at, at + 4).toString("latin1"));
    const size = bytes.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/** The named palette colour nearest to the tile's most common strong hue. */
async function dominantColour(dataUrl: string): Promise<{ colour: string; offBy: number }> {
  const { data } = await sharp(imageBytes(dataUrl)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const hueOf = (r: number, g: number, b: number) => {
    const max = Math.max(r, g, b);
    const d = max - Math.min(r, g, b);
    if (d < 80) return null; // greys: background, specks, hairlines
    const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return (h * 60 + 360) % 360;
  };
  const paletteHues = Object.entries(CAPTCHA_PALETTE).map(([name, hex]) => {
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    return { name, hue: hueOf(r!, g!, b!)! };
  });
  const votes = new Map<string, number[]>();
  for (let i = 0; i < data.length; i += 3) {
    const hue = hueOf(data[i]!, data[i + 1]!, data[i + 2]!);
    if (hue === null) continue;
    const distance = (p: { hue: number }) => Math.min(Math.abs(p.hue - hue), 360 - Math.abs(p.hue - hue));
    const nearest = paletteHues.reduce((a, b) => (distance(b) < distance(a) ? b : a));
    if (!votes.has(nearest.name)) votes.set(nearest.name, []);
    votes.get(nearest.name)!.push(distance(nearest));
  }
  const [colour, offsets] = [...votes].reduce((a, b) => (b[1].length > a[1].length ? b : a));
  const sorted = offsets.sort((a, b) => a - b);
  return { colour, offBy: sorted[sorted.length >> 1]! };
}

describe("the picture captcha gives a script reading its markup nothing to go on (security finding)", () => {
  it("serves each tile as a WebP raster with no text in it: no colour, shape or palette hex, no SVG", async () => {
    for (let round = 0; round < 3; round++) {
      const challenge = await fetchChallenge();
      expect(challenge.challenge).toMatch(
        /^Select every (red|yellow|green|blue) (circle|square|triangle|star)\.$/,
      );
      expect(challenge.inputs).toHaveLength(9);
      for (const input of challenge.inputs) {
        expect(Object.keys(input).sort()).toEqual(["code", "image"]);
        const image = "image" in input ? input.image : "";
        expect(image.startsWith("data:image/webp;base64,")).toBe(true);
        const bytes = imageBytes(image);
        for (const chunk of webpChunks(bytes)) expect(["VP8 ", "VP8L", "VP8X", "ALPH"]).toContain(chunk);
        const texts = [image.toLowerCase(), bytes.toString("latin1").toLowerCase()];
        for (const clue of CLUES) for (const text of texts) expect(text).not.toContain(clue);
        const meta = await sharp(bytes).metadata();
        expect(meta).toMatchObject({ format: "webp", width: 112, height: 112 });
        expect(meta.exif ?? meta.xmp ?? meta.icc).toBeUndefined();
      }
      // Nothing beside the question, the codes and the pictures.
      expect(Object.keys(challenge).sort()).toEqual(["challenge", "id", "inputs"]);
    }
  });

  it("draws every tile afresh: no two tiles share bytes, even two of the same answer", async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const challenge = await fetchChallenge();
      const right = new Set(await captchaAnswer(t.config.dataDir, challenge.id));
      expect(right.size).toBeGreaterThanOrEqual(2);
      for (const input of challenge.inputs) seen.add("image" in input ? input.image : "");
    }
    expect(seen.size).toBe(27);
  });

  it("fails a script like the probe's, which looked for the colour and the shape in each image's data", async () => {
    // The probe's script, given every chance: any image whose data names the asked colour (by name or
    // palette hex) and shape, as SVG text or anywhere in its decoded bytes.
    const probe = (challenge: CaptchaChallenge) => {
      const [, colour = "", shape = ""] = /Select every (\w+) (\w+)\./.exec(challenge.challenge) ?? [];
      const hex = CAPTCHA_PALETTE[colour as keyof typeof CAPTCHA_PALETTE];
      return challenge.inputs
        .filter((input) => {
          const data = "image" in input ? input.image : "";
          const text = `${data}\n${imageBytes(data).toString("latin1")}`.toLowerCase();
          return (text.includes(colour) || text.includes(hex)) && text.includes(shape);
        })
        .map((input) => input.code);
    };
    for (let round = 0; round < 5; round++) {
      const challenge = await fetchChallenge();
      const picks = probe(challenge);
      expect(picks).toEqual([]);
      expect(await answer(challenge.id, picks)).toEqual({ timeout: 2 });
    }
  });

  it("shows each tile's colour plainly, and more tiles in the asked colour than are right", async () => {
    // Distractors share the asked colour (and, the same way, the asked shape), so a script that reads
    // one of the two off the pixels still picks wrong tiles. A person sees the colour at once: every
    // tile's strong pixels sit within a few degrees of hue of one palette colour.
    for (let round = 0; round < 3; round++) {
      const challenge = await fetchChallenge();
      const [, asked] = /Select every (\w+) /.exec(challenge.challenge) ?? [];
      const colours = await Promise.all(
        challenge.inputs.map((input) => dominantColour("image" in input ? input.image : "")),
      );
      for (const { offBy } of colours) expect(offBy).toBeLessThan(12);
      const right = await captchaAnswer(t.config.dataDir, challenge.id);
      const inAskedColour = challenge.inputs.filter((_, i) => colours[i]!.colour === asked);
      expect(right.every((code) => inAskedColour.some((input) => input.code === code))).toBe(true);
      expect(inAskedColour.length).toBeGreaterThan(right.length);
    }
  });

  it("passes the right tiles once; a wrong answer or a second try gets the timeout", async () => {
    const challenge = await fetchChallenge("image");
    const right = await captchaAnswer(t.config.dataDir, challenge.id);
    const passed = await answer(challenge.id, right);
    expect(passed).toEqual({ captchaToken: expect.any(String) });
    expect(await answer(challenge.id, right)).toEqual({ timeout: 2 });

    const other = await fetchChallenge();
    const rightThere = await captchaAnswer(t.config.dataDir, other.id);
    expect(await answer(other.id, rightThere.slice(1))).toEqual({ timeout: 2 });
    expect(await answer(other.id, rightThere)).toEqual({ timeout: 2 });
  });

  it("refuses a mode it does not have", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/captcha?mode=audio",
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the text captcha, for people who cannot see the pictures", () => {
  const categoryOf = (question: string) => CAPTCHA_WORD_CATEGORIES.find((c) => c.question === question);

  it("asks a question over nine words; the words a person picks by meaning pass", async () => {
    const challenge = await fetchChallenge("text");
    const category = categoryOf(challenge.challenge);
    expect(category).toBeDefined();
    expect(challenge.inputs).toHaveLength(9);
    for (const input of challenge.inputs) expect(Object.keys(input).sort()).toEqual(["code", "text"]);
    const picks = challenge.inputs
      .filter((input) => "text" in input && category?.words.includes(input.text))
      .map((input) => input.code);
    expect(picks.length).toBeGreaterThanOrEqual(2);
    expect(picks.length).toBeLessThanOrEqual(4);
    expect(picks.sort()).toEqual((await captchaAnswer(t.config.dataDir, challenge.id)).sort());
    expect(await answer(challenge.id, picks)).toEqual({ captchaToken: expect.any(String) });
  });

  it("gives a wrong answer the timeout and one try per challenge", async () => {
    const challenge = await fetchChallenge("text");
    const right = await captchaAnswer(t.config.dataDir, challenge.id);
    const wrong = challenge.inputs.find((input) => !right.includes(input.code))!.code;
    expect(await answer(challenge.id, [...right, wrong])).toEqual({ timeout: 2 });
    expect(await answer(challenge.id, right)).toEqual({ timeout: 2 });
  });

  it("marks the right words by no field: codes are random and the right words sit anywhere", async () => {
    const codes = new Set<string>();
    const rightPositions = new Set<number>();
    const questions = new Set<string>();
    for (let round = 0; round < 40; round++) {
      const challenge = await fetchChallenge("text");
      questions.add(challenge.challenge);
      const right = await captchaAnswer(t.config.dataDir, challenge.id);
      challenge.inputs.forEach((input, i) => {
        expect(input.code).toMatch(/^[0-9a-f]{8}$/);
        codes.add(input.code);
        if (right.includes(input.code)) rightPositions.add(i);
      });
    }
    expect(codes.size).toBe(40 * 9);
    expect([...rightPositions].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(questions.size).toBeGreaterThan(3);
  });

  it("keeps its word bank unambiguous: no word in two categories", () => {
    const words = CAPTCHA_WORD_CATEGORIES.flatMap((c) => c.words);
    expect(new Set(words).size).toBe(words.length);
    expect(words.length).toBeGreaterThan(150);
  });
});

describe("failed logins: captcha and cooling off (DECISIONS.md, Accounts and abuse)", () => {
  let address = 0;

  const login = (username: string, password: string, opts: { ip?: string; captcha?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/token",
      payload: { username, password },
      remoteAddress: opts.ip ?? "10.1.0.1",
      headers: opts.captcha ? { "captcha-token": opts.captcha } : {},
    });
  const passCaptcha = async () => {
    const challenge = await fetchChallenge();
    expect(challenge.inputs).toHaveLength(9);
    const solved = await answer(challenge.id, await captchaAnswer(t.config.dataDir, challenge.id));
    return "captchaToken" in solved ? solved.captchaToken : "";
  };

  it("demands a captcha after 3 failures for an account, then lets the right password in with a solved one", async () => {
    const user = await makeUser(t.db);
    const ip = `10.1.1.${++address}`;
    for (let i = 0; i < 3; i++)
      expect((await login(user.username, "wrong-password1", { ip })).statusCode).toBe(403);
    const blocked = await login(user.username, TEST_PASSWORD, { ip });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().reason).toBe("requires_captcha");
    const fromElsewhere = await login(user.username, TEST_PASSWORD, { ip: `10.1.2.${address}` });
    expect(fromElsewhere.json().reason).toBe("requires_captcha");

    const captcha = await passCaptcha();
    expect(captcha).toBeTruthy();
    expect((await login(user.username, TEST_PASSWORD, { ip, captcha })).statusCode).toBe(200);
    // A success resets the account's count.
    expect((await login(user.username, TEST_PASSWORD, { ip })).statusCode).toBe(200);
  });

  it("takes a pass from the text question the same way", async () => {
    const user = await makeUser(t.db);
    const ip = `10.1.3.${++address}`;
    for (let i = 0; i < 3; i++) await login(user.username, "wrong-password1", { ip });
    const challenge = await fetchChallenge("text");
    const solved = await answer(challenge.id, await captchaAnswer(t.config.dataDir, challenge.id));
    const captcha = "captchaToken" in solved ? solved.captchaToken : "";
    expect((await login(user.username, TEST_PASSWORD, { ip, captcha })).statusCode).toBe(200);
  });

  it("spends a captcha token once", async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < 3; i++) await login(user.username, "wrong-password1");
    const captcha = await passCaptcha();
    expect((await login(user.username, "wrong-password1", { captcha })).statusCode).toBe(403);
    expect((await login(user.username, TEST_PASSWORD, { captcha })).json().reason).toBe("requires_captcha");
  });

  it("gives one try per challenge and a timeout on a wrong answer", async () => {
    const challenge = await fetchChallenge();
    expect(await answer(challenge.id, [])).toEqual({ timeout: 2 });
    expect(await answer(challenge.id, await captchaAnswer(t.config.dataDir, challenge.id))).toEqual({
      timeout: 2,
    });
  });

  it("demands a captcha after 10 failures from one address, whichever accounts they named", async () => {
    const ip = "10.1.9.1";
    for (let i = 0; i < 10; i++) await login(`nobody_${i}`, "wrong-password1", { ip });
    const user = await makeUser(t.db);
    expect((await login(user.username, TEST_PASSWORD, { ip })).json().reason).toBe("requires_captcha");
    expect((await login(user.username, TEST_PASSWORD, { ip: "10.1.9.2" })).statusCode).toBe(200);
  });

  it("cools an account off for 15 minutes after 10 failures within an hour, even with a captcha", async () => {
    const user = await makeUser(t.db);
    await t.db.insert(loginFailures).values(
      Array.from({ length: 9 }, (_, i) => ({
        users_id: user.id,
        ip: "10.2.0.1",
        created_at: sql`now() - ${`${50 - i} minutes`}::interval` as unknown as Date,
      })),
    );
    expect((await login(user.username, "wrong-password1", { captcha: await passCaptcha() })).statusCode).toBe(
      403,
    );
    const cooled = await login(user.username, TEST_PASSWORD, { captcha: await passCaptcha() });
    expect(cooled.statusCode).toBe(401);
    expect(cooled.json().reason).toBe("cooling_off");
    const until = Date.parse(cooled.json().earliestRetry);
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });
});
