import { DARK_TEXT, DEFAULT_COLORS, type ResourceType, SUBJECT_AREA, textColorFor } from "@market/domain";
import { degrees, PDFDocument, type PDFEmbeddedPage, rgb } from "pdf-lib";
import { type DemoResourceSeed, keywordsFor, SUBJECT_ACCENT } from "./catalogue.ts";
import { contentPagesFor } from "./lesson-content.ts";
import { embedFonts, LETTER, Sheet, SLIDE, shade, tint } from "./pdf-draw.ts";
import { drawPage, fitSize, footer, isLandscape, type PageContext } from "./pdf-pages.ts";

/**
 * A demo resource as a real PDF, made with pdf-lib: a designed cover page (the title on a band of the
 * subject's colour, the first inside pages shown on it, as marketplace covers do), then two or three
 * inside pages laid out for the resource's type with content for its subject. Slide decks have
 * landscape 16:9 slides but a portrait cover, so every cover is a portrait page.
 */

export interface ResourceDocument {
  /** The whole resource: the free file of a free resource, the premium file of a paid one. */
  full: Buffer;
  /** The cover and the first inside page: the free sample of a paid resource. */
  sample: Buffer;
  pageCount: number;
}

/** The six light tiles of the site's colour pool: cover backgrounds and fills beside the subject colour. */
const LIGHT_TILES = DEFAULT_COLORS.slice(0, 12)
  .map((c) => c.css)
  .filter((c) => textColorFor(c) === DARK_TEXT);

const TYPE_LABEL: Record<ResourceType, string> = {
  Worksheet: "Worksheets",
  Activity: "Activity",
  Game: "Game",
  "Lesson Plan": "Lesson Plan",
  Unit: "Complete Unit",
  Poster: "Poster Set",
  Presentation: "Slides",
  Assessment: "Assessment",
  Other: "Printables",
};

const TYPE_PERKS: Record<ResourceType, readonly string[]> = {
  Worksheet: ["Print & go", "Answer key"],
  Activity: ["Low prep", "Recording sheet"],
  Game: ["Whole class", "Print & play"],
  "Lesson Plan": ["Step by step", "Ready to teach"],
  Unit: ["Pacing guide", "Answer keys"],
  Poster: ["Full color", "Bulletin board"],
  Presentation: ["16:9 slides", "Editable"],
  Assessment: ["Answer key", "Quick grading"],
  Other: ["Print & go", "Editable"],
};

export interface DocumentInput {
  seed: DemoResourceSeed;
  /** Position in the catalogue: picks the cover layout and the light colour, so neighbours differ. */
  index: number;
  author: string;
  gradeText: string;
}

export async function buildResourceDocument(input: DocumentInput): Promise<ResourceDocument> {
  const { seed, index } = input;
  const accent = SUBJECT_ACCENT[seed.subject];
  const light = LIGHT_TILES[(index * 5 + seed.title.length) % LIGHT_TILES.length]!;
  const specs = contentPagesFor(seed);
  const landscape = isLandscape(specs[0]!);
  // A slide deck also gets portrait note pages with two slides each, after the cover: what a
  // teacher prints for students, and previews that stay portrait like every other.
  const handouts = landscape ? Math.ceil(specs.length / 2) : 0;

  // The inside pages first, in a document of their own: the cover shows them as embedded pages.
  const inner = await PDFDocument.create({ updateMetadata: false });
  const innerFonts = await embedFonts(inner);
  specs.forEach((spec, i) => {
    const size = isLandscape(spec) ? SLIDE : LETTER;
    const page = inner.addPage([size.width, size.height]);
    // Slides are numbered as slides; pages as pages of the whole document.
    const pageNumber = isLandscape(spec) ? i + 1 : i + 2 + handouts;
    const ctx: PageContext = { accent, light, author: input.author, title: seed.title, pageNumber };
    drawPage(new Sheet(page, innerFonts), ctx, spec);
  });
  const doc = await PDFDocument.load(await inner.save(), { updateMetadata: false });
  const fonts = await embedFonts(doc);
  const embedded = await doc.embedPages(doc.getPages().slice(0, landscape ? specs.length : 3));
  const shown = embedded.slice(0, 3);
  for (let h = 0; h < handouts; h += 1) {
    const sheet = new Sheet(doc.insertPage(h, [LETTER.width, LETTER.height]), fonts);
    const ctx: PageContext = { accent, light, author: input.author, title: seed.title, pageNumber: h + 2 };
    drawHandout(sheet, ctx, embedded.slice(h * 2, h * 2 + 2), h * 2);
  }
  const cover = new Sheet(doc.insertPage(0, [LETTER.width, LETTER.height]), fonts);
  drawCover(
    cover,
    {
      seed,
      accent,
      light,
      gradeText: input.gradeText,
      variant: index % 3,
      landscape,
      author: input.author,
    },
    shown,
  );
  setInfo(doc, seed, input.author);
  const full = Buffer.from(await doc.save());

  const sampleDoc = await PDFDocument.create({ updateMetadata: false });
  for (const page of await sampleDoc.copyPages(doc, [0, 1])) sampleDoc.addPage(page);
  setInfo(sampleDoc, seed, input.author);
  sampleDoc.setTitle(`${seed.title} (sample)`);
  const sample = Buffer.from(await sampleDoc.save());
  return { full, sample, pageCount: doc.getPageCount() };
}

function setInfo(doc: PDFDocument, seed: DemoResourceSeed, author: string): void {
  doc.setTitle(seed.title);
  doc.setSubject(seed.subtitle);
  doc.setAuthor(author);
  doc.setKeywords(keywordsFor(seed));
  doc.setCreator("Lesson Loft");
  doc.setProducer("Lesson Loft demo seed (pdf-lib)");
}

interface CoverInput {
  seed: DemoResourceSeed;
  accent: string;
  light: string;
  gradeText: string;
  variant: number;
  landscape: boolean;
  author: string;
}

/** Places an embedded page with its centre at (cx, cy), `w` wide, turned by `angle` degrees. */
function placePage(s: Sheet, page: PDFEmbeddedPage, cx: number, cy: number, w: number, angle: number): void {
  const h = (w * page.height) / page.width;
  const a = (angle * Math.PI) / 180;
  const ox = (w / 2) * Math.cos(a) - (h / 2) * Math.sin(a);
  const oy = (w / 2) * Math.sin(a) + (h / 2) * Math.cos(a);
  const x = cx - ox;
  const y = s.height - cy - oy;
  // A soft shadow, then a hairline frame, then the page.
  for (const [d, o] of [
    [7, 0.08],
    [4, 0.1],
  ] as const) {
    s.page.drawRectangle({
      x: x + d * 0.6,
      y: y - d,
      width: w,
      height: h,
      rotate: degrees(angle),
      color: rgb(0, 0, 0),
      opacity: o,
    });
  }
  // Pages paint no background of their own: paper first.
  s.page.drawRectangle({ x, y, width: w, height: h, rotate: degrees(angle), color: rgb(1, 1, 1) });
  s.page.drawPage(page, { x, y, xScale: w / page.width, yScale: h / page.height, rotate: degrees(angle) });
  s.page.drawRectangle({
    x,
    y,
    width: w,
    height: h,
    rotate: degrees(angle),
    borderColor: rgb(0.8, 0.82, 0.85),
    borderWidth: 0.6,
  });
}

/** A notes page of a slide deck: two slides, each with lines for notes under it. */
function drawHandout(s: Sheet, ctx: PageContext, slides: PDFEmbeddedPage[], before: number): void {
  const M = 42;
  s.rect(M, 34, s.width - 2 * M, 44, { fill: tint(ctx.accent, 0.88), radius: 12 });
  s.rect(M, 34, 10, 44, { fill: ctx.accent });
  s.text(`Student Notes: ${ctx.title}`, s.width / 2, 62, {
    size: 18,
    font: "bold",
    color: shade(ctx.accent, 0.2),
    align: "center",
  });
  s.text("Name:", M, 104, { size: 10, font: "bold" });
  s.answerLine(M + 34, 106, 300);
  const w = 400;
  const h = (w * SLIDE.height) / SLIDE.width;
  slides.forEach((slide, i) => {
    const top = 128 + i * 316;
    const x = (s.width - w) / 2;
    s.rect(x + 4, top + 4, w, h, { fill: "#000000", opacity: 0.12 });
    s.page.drawRectangle({ x, y: s.height - top - h, width: w, height: h, color: rgb(1, 1, 1) });
    s.page.drawPage(slide, { x, y: s.height - top - h, xScale: w / slide.width, yScale: h / slide.height });
    s.rect(x, top, w, h, { stroke: "#9ca3af", width: 0.8 });
    s.text(`Slide ${before + i + 1}`, M, top + 12, { size: 9, font: "bold", color: ctx.accent });
    for (let l = 1; l <= 3; l += 1) s.answerLine(M, top + h + l * 24, s.width - 2 * M);
  });
  footer(s, ctx);
}

/** The largest title size (at most `max`) that fits `width` in at most `maxLines` lines. */
function fitTitle(s: Sheet, title: string, width: number, max: number, maxLines: number) {
  for (let size = max; size >= 20; size -= 1) {
    const lines = s.wrap(title, width, size, "bold");
    if (lines.length <= maxLines && lines.every((l) => s.measure(l, size, "bold") <= width))
      return { size, lines };
  }
  return { size: 20, lines: s.wrap(title, width, 20, "bold") };
}

/** A row of rounded labels; returns the row's width. */
function pills(
  s: Sheet,
  labels: readonly string[],
  x: number,
  y: number,
  o: { fill: string; color: string; size: number; align?: "left" | "center" },
): void {
  const widths = labels.map((l) => s.measure(l.toUpperCase(), o.size, "bold") + o.size * 1.8);
  const total = widths.reduce((a, b) => a + b, 0) + (labels.length - 1) * 8;
  let px = o.align === "center" ? x - total / 2 : x;
  labels.forEach((label, i) => {
    s.rect(px, y - o.size * 1.25, widths[i]!, o.size * 1.9, { fill: o.fill, radius: o.size * 0.95 });
    s.text(label.toUpperCase(), px + widths[i]! / 2, y, {
      size: o.size,
      font: "bold",
      color: o.color,
      align: "center",
    });
    px += widths[i]! + 8;
  });
}

function gradeBadge(
  s: Sheet,
  c: CoverInput,
  cx: number,
  cy: number,
  r: number,
  fill: string,
  color: string,
): void {
  s.circle(cx, cy, r, { fill });
  s.circle(cx, cy, r - 4, { stroke: color, width: 1.2, opacity: 0.6 });
  const grade = c.seed.grade;
  const numeric = /^\d+$/.test(grade);
  const [top, big] = numeric
    ? ["GRADE", grade]
    : grade === "K"
      ? ["GRADE", "K"]
      : grade === "Pre-K"
        ? ["", "PreK"]
        : ["", grade === "Adult Education" ? "Adult" : "College"];
  if (top) s.text(top, cx, cy - r * 0.28, { size: r * 0.26, font: "bold", color, align: "center" });
  const size = fitSize(s, big, r * 1.5, top ? r * 0.95 : r * 0.62);
  s.text(big, cx, cy + (top ? r * 0.5 : size * 0.35), { size, font: "bold", color, align: "center" });
}

function drawCover(s: Sheet, c: CoverInput, pages: PDFEmbeddedPage[]): void {
  const { accent, light, seed } = c;
  const W = s.width;
  const H = s.height;
  const subject = SUBJECT_AREA[seed.subject];
  const kicker = `${c.gradeText}  •  ${subject}`.toUpperCase();
  const typeLabel = TYPE_LABEL[seed.type];
  const perks = TYPE_PERKS[seed.type];
  const [first, second, third] = pages;
  // Slides: the title slide large, the next one behind it; portrait pages fanned.
  const spread = (cx: number, cy: number, areaW: number, areaH: number) => {
    if (c.landscape) {
      // The front slide's height h: the two overlapping slides span about 1.36 h.
      const h = Math.min(areaH / 1.4, (areaW * SLIDE.height) / SLIDE.width);
      const w = (h * SLIDE.width) / SLIDE.height;
      if (second) placePage(s, second, cx + w * 0.06, cy - h * 0.25, w * 0.84, -3);
      if (first) placePage(s, first, cx - w * 0.03, cy + h * 0.17, w, 2);
      return;
    }
    const w = Math.min(areaW * 0.62, (areaH * 0.86 * LETTER.width) / LETTER.height);
    if (third) placePage(s, third, cx + w * 0.42, cy + 6, w * 0.86, 7);
    if (second) placePage(s, second, cx - w * 0.42, cy + 6, w * 0.86, -7);
    if (first) placePage(s, first, cx, cy, w, 0);
  };

  if (c.variant === 0) {
    // Light page, title on a rounded band of the subject colour, pages fanned below.
    s.rect(0, 0, W, H, { fill: light });
    s.circle(W - 30, H - 120, 170, { fill: "#ffffff", opacity: 0.35 });
    s.circle(40, H * 0.45, 90, { fill: "#ffffff", opacity: 0.3 });
    const { size, lines } = fitTitle(s, seed.title, W - 120, 58, 3);
    const bandH = 112 + lines.length * size * 1.04;
    s.rect(24, 24, W - 48, bandH, { fill: accent, radius: 26 });
    s.text(kicker, W / 2, 66, { size: 13, font: "bold", color: tint(accent, 0.65), align: "center" });
    lines.forEach((line, i) => {
      s.text(line, W / 2, 66 + size * 1.02 * (i + 1), {
        size,
        font: "bold",
        color: "#ffffff",
        align: "center",
      });
    });
    const subY = 66 + size * 1.04 * lines.length + 34;
    s.text(seed.subtitle, W / 2, subY, { size: 19, color: tint(accent, 0.82), align: "center" });
    const top = 24 + bandH + 24;
    spread(W / 2, top + (H - 84 - top) / 2, W - 80, H - 84 - top);
    pills(s, [typeLabel, ...perks], W / 2, H - 34, {
      fill: accent,
      color: "#ffffff",
      size: 11.5,
      align: "center",
    });
    gradeBadge(s, c, W - 66, 24 + bandH, 40, light, shade(accent, 0.2));
    return;
  }

  if (c.variant === 1) {
    // Full bleed subject colour, white title, one big page on a light stage.
    s.rect(0, 0, W, H, { fill: accent });
    s.circle(W + 20, 40, 200, { fill: "#ffffff", opacity: 0.08 });
    s.circle(-40, 300, 120, { fill: "#ffffff", opacity: 0.06 });
    pills(s, [c.gradeText, subject], 40, 58, { fill: light, color: shade(accent, 0.25), size: 11 });
    const { size, lines } = fitTitle(s, seed.title, W - 80, 60, 3);
    lines.forEach((line, i) => {
      s.text(line, 40, 82 + size * 1.02 * (i + 1), { size, font: "bold", color: "#ffffff" });
    });
    const subY = 82 + size * 1.02 * lines.length + 34;
    s.text(seed.subtitle, 40, subY, { size: 20, color: light });
    const stageTop = subY + 26;
    s.rect(28, stageTop, W - 56, H - stageTop - 84, { fill: light, radius: 24 });
    spread(W / 2, stageTop + (H - stageTop - 84) / 2, W - 90, H - stageTop - 110);
    s.text(typeLabel.toUpperCase(), 40, H - 42, { size: 17, font: "bold", color: "#ffffff" });
    s.text(perks.join("  •  "), W - 40, H - 42, { size: 12, font: "bold", color: light, align: "right" });
    return;
  }

  // Pages across the top on a light background, a white title card with a coloured edge below.
  s.rect(0, 0, W, H, { fill: light });
  for (let i = 0; i < 9; i += 1)
    for (let j = 0; j < 5; j += 1) s.circle(30 + i * 70, 30 + j * 70, 3, { fill: "#ffffff", opacity: 0.7 });
  const cardTop = H * 0.56;
  spread(W / 2, 40 + (cardTop - 40) / 2, W - 70, cardTop - 56);
  s.rect(24, cardTop, W - 48, H - cardTop - 24, { fill: "#ffffff", radius: 24 });
  s.rect(24, cardTop, W - 48, 14, { fill: accent });
  s.rect(24, cardTop, W - 48, H - cardTop - 24, { stroke: accent, width: 4, radius: 24 });
  const { size, lines } = fitTitle(s, seed.title, W - 110, 52, 3);
  const blockH = lines.length * size * 1.02 + 60;
  const room = H - cardTop - 24 - 14;
  let ty = cardTop + 14 + (room - blockH - 34) / 2 + size * 0.9;
  lines.forEach((line) => {
    s.text(line, W / 2, ty, { size, font: "bold", color: shade(accent, 0.1), align: "center" });
    ty += size * 1.02;
  });
  s.text(seed.subtitle, W / 2, ty + 12, { size: 18, color: "#4b5563", align: "center" });
  pills(s, [c.gradeText, subject, typeLabel], W / 2, H - 56, {
    fill: tint(accent, 0.86),
    color: shade(accent, 0.25),
    size: 10.5,
    align: "center",
  });
}
