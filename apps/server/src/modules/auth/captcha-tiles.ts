import { randomInt } from "node:crypto";
import sharp from "sharp";

/**
 * The picture captcha's tiles: a coloured shape drawn as SVG in memory and served only as a WebP raster.
 * The SVG never leaves this module, because its text named the answer (a probe solved every challenge by
 * reading `fill="#2563eb"` and the shape's points). Each tile is drawn with its own jitter (fill hue,
 * saturation and lightness, outline, vertex positions, rotation, scale, offset, background tint, noise
 * dots and lines, encoder quality), so no two tiles of the same answer share bytes or pixels and a lookup
 * table of known images does not work.
 *
 * What this does not stop: a program that decodes the pixels and measures hue and outline can still tell
 * a blue circle from a red star; every picture captcha of named colours and shapes has that limit. The
 * challenge makes it harder than one measurement (distractors share the target's colour or its shape, see
 * captcha.service.ts), and the real brake on password guessing is the login throttle and cooling off that
 * the captcha sits in front of (DECISIONS.md, Accounts and abuse).
 */
export const CAPTCHA_SHAPES = ["circle", "square", "triangle", "star"] as const;
/** Hues far apart (about 45 degrees at least), so jitter never turns one named colour into another. */
export const CAPTCHA_PALETTE = {
  red: "#dc2626",
  // A light yellow (hue 53): the darker #facc15 drifted toward amber under jitter and read as orange.
  yellow: "#fde047",
  green: "#16a34a",
  blue: "#2563eb",
} as const;
export type CaptchaShape = (typeof CAPTCHA_SHAPES)[number];
export type CaptchaColour = keyof typeof CAPTCHA_PALETTE;

/** Pixels per side: about the ~130 CSS px a tile gets in the dialog; nine render in about 20 ms. */
export const CAPTCHA_TILE_PIXELS = 112;

/** A uniform random number in [min, max), from the crypto generator like the rest of the captcha. */
const between = (min: number, max: number) => min + (randomInt(1 << 24) / (1 << 24)) * (max - min);
const fixed = (n: number) => n.toFixed(1);

function hexToHsl(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l * 100];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [(h * 60 + 360) % 360, s * 100, l * 100];
}
const BASE_HSL = Object.fromEntries(
  Object.entries(CAPTCHA_PALETTE).map(([name, hex]) => [name, hexToHsl(hex)]),
) as Record<CaptchaColour, [number, number, number]>;

/** The shape on a 100x100 canvas, each vertex nudged a little so no two outlines are the same. */
function shapeBody(shape: CaptchaShape, paint: string): string {
  const points = (corners: [number, number][]) =>
    corners.map(([x, y]) => `${fixed(x + between(-2.5, 2.5))},${fixed(y + between(-2.5, 2.5))}`).join(" ");
  switch (shape) {
    case "circle":
      return `<ellipse cx="50" cy="50" rx="${fixed(between(30, 34))}" ry="${fixed(between(30, 34))}" ${paint}/>`;
    case "square":
      return `<polygon points="${points([
        [20, 20],
        [80, 20],
        [80, 80],
        [20, 80],
      ])}" ${paint}/>`;
    case "triangle":
      return `<polygon points="${points([
        [50, 12],
        [90, 84],
        [10, 84],
      ])}" ${paint}/>`;
    case "star":
      return `<polygon points="${points([
        [50, 8],
        [61, 38],
        [93, 38],
        [67, 57],
        [77, 88],
        [50, 69],
        [23, 88],
        [33, 57],
        [7, 38],
        [39, 38],
      ])}" ${paint}/>`;
  }
}

/** Greyish specks and hairlines: enough to change every tile's pixels, too faint to hide the shape. */
function noise(count: number): string[] {
  return Array.from({ length: count }, () =>
    randomInt(4) === 0
      ? `<path d="M${fixed(between(0, 100))} ${fixed(between(0, 100))} Q${fixed(between(0, 100))} ${fixed(between(0, 100))} ${fixed(between(0, 100))} ${fixed(between(0, 100))}" fill="none" stroke="hsl(${randomInt(360)} ${randomInt(12)}% ${45 + randomInt(25)}%)" stroke-width="${between(0.6, 1.4).toFixed(2)}" opacity="${between(0.35, 0.7).toFixed(2)}"/>`
      : `<circle cx="${fixed(between(0, 100))}" cy="${fixed(between(0, 100))}" r="${between(0.8, 2.5).toFixed(2)}" fill="hsl(${randomInt(360)} ${randomInt(15)}% ${40 + randomInt(30)}%)" opacity="${between(0.4, 0.9).toFixed(2)}"/>`,
  );
}

function tileSvg(shape: CaptchaShape, colour: CaptchaColour): string {
  const [h, s, l] = BASE_HSL[colour];
  const hue = (h + between(-5, 5) + 360) % 360;
  const fill = `hsl(${fixed(hue)} ${fixed(Math.min(100, s + between(-8, 8)))}% ${fixed(l + between(-6, 6))}%)`;
  const outline = `hsl(${fixed(hue)} ${fixed(s)}% ${fixed(l - between(14, 22))}%)`;
  const paint = `fill="${fill}" stroke="${outline}" stroke-width="${between(1.5, 3).toFixed(2)}" stroke-linejoin="round"`;
  const place = `translate(${fixed(between(-7, 7))} ${fixed(between(-7, 7))}) rotate(${fixed(between(-25, 25))} 50 50) translate(50 50) scale(${between(0.82, 1.02).toFixed(3)}) translate(-50 -50)`;
  const backHue = randomInt(360);
  const background = `<defs><linearGradient id="b" x1="0" y1="0" x2="${between(0, 1).toFixed(2)}" y2="1"><stop offset="0" stop-color="hsl(${backHue} ${10 + randomInt(20)}% ${94 + randomInt(4)}%)"/><stop offset="1" stop-color="hsl(${(backHue + randomInt(90)) % 360} ${10 + randomInt(20)}% ${92 + randomInt(5)}%)"/></linearGradient></defs><rect width="100" height="100" fill="url(#b)"/>`;
  const specks = noise(8 + randomInt(12));
  const under = specks.slice(0, specks.length >> 1).join("");
  const over = specks.slice(specks.length >> 1).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${CAPTCHA_TILE_PIXELS}" height="${CAPTCHA_TILE_PIXELS}">${background}${under}<g transform="${place}">${shapeBody(shape, paint)}</g>${over}</svg>`;
}

/**
 * Words a careless grep would take as a clue. A WebP's compressed bytes, and their base64, spell short
 * words now and then by chance ("red" turns up in about one tile's base64 in twelve); a tile that does is
 * drawn again, so a served tile never spells one, in any letter case, and tests can say so outright.
 */
const CLUE_WORDS = [
  ...Object.keys(CAPTCHA_PALETTE),
  ...Object.values(CAPTCHA_PALETTE).map((hex) => hex.slice(1)),
  ...CAPTCHA_SHAPES,
];
export function spellsAClue(dataUrl: string): boolean {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const texts = [dataUrl.toLowerCase(), Buffer.from(base64, "base64").toString("latin1").toLowerCase()];
  return texts.some((text) => CLUE_WORDS.some((word) => text.includes(word)));
}

/** One tile as a `data:image/webp` URL. */
export async function renderCaptchaTile(shape: CaptchaShape, colour: CaptchaColour): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const webp = await sharp(Buffer.from(tileSvg(shape, colour)))
      .webp({ quality: 70 + randomInt(20), effort: 0 })
      .toBuffer();
    const dataUrl = `data:image/webp;base64,${webp.toString("base64")}`;
    if (!spellsAClue(dataUrl)) return dataUrl;
  }
  // Twenty draws in a row that each spell a word: not a chance event, something is broken.
  throw new Error("captcha tile kept spelling a clue word");
}
