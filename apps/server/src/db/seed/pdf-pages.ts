import { type Art, drawArt } from "./pdf-art.ts";
import { FAINT, INK, MUTED, RULE, type Sheet, shade, tint } from "./pdf-draw.ts";

/**
 * The inside pages of a demo resource, one layout per kind of page a teacher would print: worksheets
 * with numbered problems, reading passages, task cards, bingo boards, game boards, lesson plans, unit
 * overviews, posters, slides, quizzes with answer bubbles, tables, organizers, cycles, timelines,
 * tracing rows, sorts and journal pages. Every layout fills the page the way a real one does.
 */

export interface PageContext {
  /** The subject's colour: titles, borders, badges. */
  accent: string;
  /** A light tile colour for fills. */
  light: string;
  author: string;
  title: string;
  pageNumber: number;
}

export interface Card {
  text: string;
  art?: Art;
  /** Answer choices shown under the prompt. */
  choices?: readonly string[];
  /** A short heading above the text (station cards, flash cards). */
  heading?: string;
}

export type PageSpec =
  | {
      kind: "problems";
      title: string;
      directions: string;
      items: readonly string[];
      columns?: 1 | 2 | 3;
      lines?: number;
      box?: number;
      size?: number;
    }
  | {
      kind: "passage";
      title: string;
      directions: string;
      passageTitle: string;
      paragraphs: readonly string[];
      questions: readonly string[];
    }
  | { kind: "cards"; title: string; cards: readonly Card[]; style?: "task" | "flash" | "station" }
  | { kind: "bingo"; title: string; header: string; cells: readonly string[]; caller?: string }
  | { kind: "board"; title: string; spaces: readonly string[]; rules: readonly string[] }
  | {
      kind: "lesson";
      title: string;
      time: string;
      objectives: readonly string[];
      materials: readonly string[];
      vocabulary: readonly string[];
      procedure: readonly (readonly [string, string, string])[];
      assessment: string;
    }
  | {
      kind: "overview";
      title: string;
      includes: readonly string[];
      days: readonly (readonly [string, string, string])[];
    }
  | {
      kind: "poster";
      heading: string;
      caption: string;
      art?: Art;
      color?: string;
      detail?: readonly string[];
    }
  | {
      kind: "slide";
      layout: "title" | "bullets";
      heading: string;
      bullets: readonly string[];
      art?: Art;
      color?: string;
    }
  | {
      kind: "quiz";
      title: string;
      directions: string;
      questions: readonly { q: string; choices: readonly string[] }[];
    }
  | {
      kind: "table";
      title: string;
      directions: string;
      columns: readonly string[];
      rows: readonly (readonly string[])[];
      rowHeight?: number;
      widths?: readonly number[];
      art?: readonly (Art | null)[];
      after?: readonly string[];
    }
  | {
      kind: "organizer";
      title: string;
      directions: string;
      boxes: readonly { heading: string; prompt?: string; lines: number }[];
      columns?: 1 | 2;
    }
  | {
      kind: "cycle";
      title: string;
      directions: string;
      stages: readonly string[];
      wordBank: readonly string[];
      art?: readonly Art[];
    }
  | { kind: "timeline"; title: string; directions: string; events: readonly (readonly [string, string])[] }
  | { kind: "tracing"; title: string; directions: string; rows: readonly string[] }
  | {
      kind: "sort";
      title: string;
      directions: string;
      headings: readonly string[];
      strips: readonly string[];
    }
  | { kind: "journal"; title: string; prompt: string; lines: number; draw: boolean; primary?: boolean }
  | { kind: "graphs"; title: string; directions: string; equations: readonly string[] }
  | { kind: "colorWheel"; title: string; directions: string }
  | { kind: "perspective"; title: string; directions: string }
  | {
      kind: "familyTree";
      title: string;
      directions: string;
      people: readonly string[];
      words: readonly string[];
    }
  | {
      kind: "conjugation";
      title: string;
      directions: string;
      verbs: readonly string[];
      pronouns: readonly string[];
      sentences: readonly string[];
    }
  | { kind: "map"; title: string; directions: string; questions: readonly string[] }
  | {
      kind: "cell";
      title: string;
      directions: string;
      labels: readonly string[];
      questions: readonly string[];
    }
  | { kind: "faceGuide"; title: string; steps: readonly string[] };

export const isLandscape = (spec: PageSpec) => spec.kind === "slide";

const M = 42;

export function drawPage(s: Sheet, ctx: PageContext, spec: PageSpec): void {
  switch (spec.kind) {
    case "slide":
      slidePage(s, ctx, spec);
      return;
    case "poster":
      posterPage(s, ctx, spec);
      return;
    case "problems":
      problemsPage(s, ctx, spec);
      break;
    case "passage":
      passagePage(s, ctx, spec);
      break;
    case "cards":
      cardsPage(s, ctx, spec);
      break;
    case "bingo":
      bingoPage(s, ctx, spec);
      break;
    case "board":
      boardPage(s, ctx, spec);
      break;
    case "lesson":
      lessonPage(s, ctx, spec);
      break;
    case "overview":
      overviewPage(s, ctx, spec);
      break;
    case "quiz":
      quizPage(s, ctx, spec);
      break;
    case "table":
      tablePage(s, ctx, spec);
      break;
    case "organizer":
      organizerPage(s, ctx, spec);
      break;
    case "cycle":
      cyclePage(s, ctx, spec);
      break;
    case "timeline":
      timelinePage(s, ctx, spec);
      break;
    case "tracing":
      tracingPage(s, ctx, spec);
      break;
    case "sort":
      sortPage(s, ctx, spec);
      break;
    case "journal":
      journalPage(s, ctx, spec);
      break;
    case "graphs":
      graphsPage(s, ctx, spec);
      break;
    case "colorWheel":
      colorWheelPage(s, ctx, spec);
      break;
    case "perspective":
      perspectivePage(s, ctx, spec);
      break;
    case "familyTree":
      familyTreePage(s, ctx, spec);
      break;
    case "conjugation":
      conjugationPage(s, ctx, spec);
      break;
    case "map":
      mapPage(s, ctx, spec);
      break;
    case "cell":
      cellPage(s, ctx, spec);
      break;
    case "faceGuide":
      faceGuidePage(s, ctx, spec);
      break;
  }
  footer(s, ctx);
}

// Chrome shared by the portrait pages.

export function footer(s: Sheet, ctx: PageContext): void {
  const y = s.height - 20;
  s.line(M, y - 11, s.width - M, y - 11, { color: FAINT, width: 0.8 });
  s.text(`© ${ctx.author}`, M, y, { size: 7.5, color: MUTED });
  s.text(ctx.title, s.width / 2, y, { size: 7.5, color: MUTED, align: "center" });
  s.text(String(ctx.pageNumber), s.width - M, y, { size: 7.5, color: MUTED, align: "right" });
}

function nameLine(s: Sheet, y: number, score = false): void {
  s.text("Name:", M, y, { size: 10, font: "bold" });
  s.answerLine(M + 34, y + 2, score ? 230 : 300);
  const dx = score ? 320 : 390;
  s.text("Date:", dx, y, { size: 10, font: "bold" });
  s.answerLine(dx + 30, y + 2, score ? 80 : s.width - M - dx - 30);
  if (score) {
    s.text("Score:", 448, y, { size: 10, font: "bold" });
    s.answerLine(484, y + 2, 40);
    s.text("/ 10", 528, y, { size: 10, color: MUTED });
  }
}

/** The worksheet title: a tinted tab with the title centred; returns the y under it. */
function titleTab(s: Sheet, ctx: PageContext, title: string, y: number): number {
  s.rect(M, y, s.width - 2 * M, 46, { fill: tint(ctx.accent, 0.88), radius: 12 });
  s.rect(M, y, 10, 46, { fill: ctx.accent });
  s.text(title, s.width / 2, y + 31, {
    size: fitSize(s, title, s.width - 2 * M - 40, 22, "bold"),
    font: "bold",
    color: shade(ctx.accent, 0.2),
    align: "center",
  });
  return y + 60;
}

/** A full-bleed band with the title, for plans and overviews; returns the y under it. */
function titleBand(s: Sheet, ctx: PageContext, kicker: string, title: string): number {
  s.rect(0, 0, s.width, 96, { fill: ctx.accent });
  s.circle(s.width - 40, 12, 70, { fill: "#ffffff", opacity: 0.1 });
  s.circle(s.width - 120, 96, 34, { fill: "#ffffff", opacity: 0.08 });
  s.text(kicker.toUpperCase(), M, 36, { size: 10, font: "bold", color: tint(ctx.accent, 0.7) });
  s.text(title, M, 70, {
    size: fitSize(s, title, s.width - 2 * M - 60, 26, "bold"),
    font: "bold",
    color: "#ffffff",
  });
  return 118;
}

function directions(s: Sheet, ctx: PageContext, text: string, y: number): number {
  const lines = s.wrap(text, s.width - 2 * M - 96, 10.5);
  const h = 14 + lines.length * 14;
  s.rect(M, y, s.width - 2 * M, h, { stroke: tint(ctx.accent, 0.5), width: 1, radius: 8, fill: "#ffffff" });
  s.text("Directions:", M + 10, y + 18, { size: 10.5, font: "bold", color: ctx.accent });
  lines.forEach((line, i) => {
    s.text(line, M + 82, y + 18 + i * 14, { size: 10.5 });
  });
  return y + h + 16;
}

function sectionHeading(s: Sheet, ctx: PageContext, text: string, x: number, y: number, w: number): number {
  s.text(text.toUpperCase(), x, y, { size: 10.5, font: "bold", color: ctx.accent });
  s.line(x, y + 5, x + w, y + 5, { color: tint(ctx.accent, 0.6), width: 1.2 });
  return y + 20;
}

export function fitSize(
  s: Sheet,
  text: string,
  width: number,
  max: number,
  font: "bold" | "sans" = "bold",
): number {
  let size = max;
  while (size > 8 && s.measure(text, size, font) > width) size -= 0.5;
  return size;
}

function numberBadge(s: Sheet, n: number | string, cx: number, cy: number, r: number, color: string): void {
  s.circle(cx, cy, r, { fill: color });
  s.text(String(n), cx, cy + r * 0.38, { size: r * 1.05, font: "bold", color: "#ffffff", align: "center" });
}

/** "3/4" drawn as a stacked fraction; other text as is. */
function cellText(s: Sheet, text: string, cx: number, cy: number, size: number, color = INK): void {
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) {
    s.text(fraction[1]!, cx, cy - size * 0.18, { size, font: "bold", color, align: "center" });
    s.line(cx - size * 0.55, cy, cx + size * 0.55, cy, { color, width: size / 14 });
    s.text(fraction[2]!, cx, cy + size * 0.86, { size, font: "bold", color, align: "center" });
    return;
  }
  s.text(text, cx, cy + size * 0.35, { size, font: "bold", color, align: "center" });
}

// Page kinds.

function problemsPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "problems" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const columns = p.columns ?? 1;
  const colW = (s.width - 2 * M) / columns;
  const size = p.size ?? (columns === 3 ? 15 : 11.5);
  const rowsPerCol = Math.ceil(p.items.length / columns);
  const bottom = s.height - 52;
  if (columns > 1) {
    const step = Math.min(46, (bottom - y) / rowsPerCol);
    p.items.forEach((item, i) => {
      const col = Math.floor(i / rowsPerCol);
      const row = i % rowsPerCol;
      const x = M + col * colW;
      const ty = y + row * step + size;
      s.text(`${i + 1}.`, x + 4, ty, { size: size * 0.75, font: "bold", color: ctx.accent });
      s.text(item, x + 30, ty, { size });
    });
    return;
  }
  // Spare room goes to the answer space, so the page ends near its footer as a real one does.
  const textW = s.width - 2 * M - 30;
  const natural = p.items.reduce(
    (sum, item) =>
      sum +
      s.wrap(item, textW, size).length * size * 1.4 +
      (p.box ? p.box + 12 : 0) +
      (p.lines ?? 2) * 20 +
      18 +
      10,
    0,
  );
  const spare = Math.max(0, bottom - 10 - y - natural) / p.items.length;
  const box = p.box ? p.box + Math.min(spare, 90) : 0;
  const lines = p.box ? (p.lines ?? 2) : (p.lines ?? 2) + Math.min(3, Math.floor(spare / 20));
  for (const [i, item] of p.items.entries()) {
    numberBadge(s, i + 1, M + 10, y + 6, 9, ctx.accent);
    y = s.paragraph(item, M + 28, y + 10, s.width - 2 * M - 30, { size, leading: size * 1.4 });
    if (box) {
      s.rect(M + 28, y, s.width - 2 * M - 28, box, { stroke: RULE, width: 0.8, radius: 6 });
      s.text("Show your work", s.width - M - 6, y + box - 6, { size: 7.5, color: MUTED, align: "right" });
      y += box + 12;
    }
    for (let l = 0; l < lines; l += 1) {
      y += 20;
      s.answerLine(M + 28, y, s.width - 2 * M - 28);
    }
    y += 18;
    if (y > bottom) break;
  }
}

function passagePage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "passage" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  // The passage in a box, numbered paragraphs, set in a book face.
  const textW = s.width - 2 * M - 48;
  const measured = p.paragraphs.map((para) => s.wrap(para, textW, 11, "serif"));
  const lineCount = measured.reduce((n, l) => n + l.length, 0);
  const boxH = 40 + lineCount * 15 + p.paragraphs.length * 6;
  s.rect(M, y, s.width - 2 * M, boxH, { fill: tint(ctx.light, 0.55), radius: 10 });
  s.text(p.passageTitle, s.width / 2, y + 26, {
    size: 15,
    font: "serifBold",
    align: "center",
    color: shade(ctx.accent, 0.25),
  });
  let ty = y + 48;
  measured.forEach((lines, i) => {
    s.text(String(i + 1), M + 16, ty, { size: 8, font: "bold", color: MUTED });
    for (const line of lines) {
      s.text(line, M + 32, ty, { size: 11, font: "serif" });
      ty += 15;
    }
    ty += 6;
  });
  y += boxH + 16;
  const room = (s.height - 60 - y) / Math.max(p.questions.length, 1);
  const answerLines = Math.max(2, Math.min(5, Math.floor((room - 40) / 19)));
  for (const [i, q] of p.questions.entries()) {
    if (y > s.height - 90) break;
    numberBadge(s, i + 1, M + 10, y + 6, 9, ctx.accent);
    y = s.paragraph(q, M + 28, y + 10, s.width - 2 * M - 30, { size: 11 });
    for (let l = 0; l < answerLines; l += 1) {
      y += 19;
      s.answerLine(M + 28, y, s.width - 2 * M - 28);
    }
    y += 16;
  }
}

function cardsPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "cards" }>): void {
  const top = 64;
  s.text(p.title, s.width / 2, 40, { size: 16, font: "bold", color: ctx.accent, align: "center" });
  s.text("Print, laminate and cut along the dashed lines.", s.width / 2, 54, {
    size: 8.5,
    color: MUTED,
    align: "center",
  });
  const gap = 14;
  const w = (s.width - 2 * M - gap) / 2;
  const h = (s.height - top - 48 - gap * 3) / 4;
  // Cut lines between the cards.
  s.line(s.width / 2, top - 6, s.width / 2, s.height - 42, { color: RULE, width: 0.6, dash: [4, 3] });
  for (let r = 1; r < 4; r += 1) {
    const y = top + r * (h + gap) - gap / 2;
    s.line(M - 10, y, s.width - M + 10, y, { color: RULE, width: 0.6, dash: [4, 3] });
  }
  p.cards.slice(0, 8).forEach((card, i) => {
    const x = M + (i % 2) * (w + gap);
    const y = top + Math.floor(i / 2) * (h + gap);
    cardAt(s, ctx, card, i, x, y, w, h, p.style ?? "task");
  });
}

function cardAt(
  s: Sheet,
  ctx: PageContext,
  card: Card,
  i: number,
  x: number,
  y: number,
  w: number,
  h: number,
  style: "task" | "flash" | "station",
): void {
  const color = ctx.accent;
  s.rect(x, y, w, h, { fill: "#ffffff", stroke: color, width: 2.2, radius: 12 });
  s.rect(x + 5, y + 5, w - 10, h - 10, { stroke: tint(color, 0.65), width: 0.8, radius: 9 });
  if (style === "flash") {
    s.text(card.text, x + w / 2, y + h / 2 + 14, {
      size: fitSize(s, card.text, w - 40, 40),
      font: "bold",
      color: INK,
      align: "center",
    });
    if (card.heading) s.text(card.heading, x + w / 2, y + h - 18, { size: 9, color: MUTED, align: "center" });
    s.circle(x + 18, y + 18, 4, { fill: tint(color, 0.4) });
    return;
  }
  if (style === "station") {
    s.rect(x + 5, y + 5, w - 10, 30, { fill: color, radius: 9 });
    s.text(card.heading ?? `Station ${i + 1}`, x + w / 2, y + 25, {
      size: 13,
      font: "bold",
      color: "#ffffff",
      align: "center",
    });
    if (card.art) {
      drawArt(s, card.art, x + 46, y + h / 2 + 14, Math.min(64, h - 60), color);
      s.paragraph(card.text, x + 86, y + 58, w - 100, { size: 11.5, font: "bold" });
    } else {
      s.paragraph(card.text, x + 16, y + 52, w - 32, { size: 11.5, font: "bold", align: "center" });
    }
    return;
  }
  numberBadge(s, i + 1, x + 20, y + 20, 10, color);
  s.text(ctx.title, x + w - 14, y + 22, { size: 7, color: MUTED, align: "right" });
  const artSize = card.art ? Math.min(h * 0.42, 62) : 0;
  const textTop = card.art ? y + 36 + artSize + 6 : y + 48;
  if (card.art) drawArt(s, card.art, x + w / 2, y + 34 + artSize / 2, artSize, color);
  let ty = s.paragraph(card.text, x + 16, textTop + 8, w - 32, {
    size: card.art ? 10.5 : 11.5,
    align: "center",
  });
  if (card.choices) {
    const cw = (w - 32) / card.choices.length;
    ty += 4;
    card.choices.forEach((c, j) => {
      const cx = x + 16 + cw * j + cw / 2;
      s.rect(cx - cw / 2 + 3, ty, cw - 6, 20, { fill: tint(color, 0.88), radius: 6 });
      s.text(`${String.fromCharCode(97 + j)}) ${c}`, cx, ty + 14, { size: 10, align: "center" });
    });
  }
}

function bingoPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "bingo" }>): void {
  s.text(p.title, s.width / 2, 50, { size: 26, font: "bold", color: ctx.accent, align: "center" });
  s.text(
    p.caller ?? "Cover the space that matches the card your teacher calls. Five in a row wins!",
    s.width / 2,
    70,
    { size: 10, color: MUTED, align: "center" },
  );
  const size = s.width - 2 * M - 20;
  const cell = size / 5;
  const x0 = (s.width - size) / 2;
  let y0 = 92;
  const letters = [...p.header.toUpperCase()].slice(0, 5);
  letters.forEach((letter, i) => {
    s.rect(x0 + i * cell + 3, y0, cell - 6, 52, {
      fill: i % 2 ? shade(ctx.accent, 0.15) : ctx.accent,
      radius: 10,
    });
    s.text(letter, x0 + i * cell + cell / 2, y0 + 39, {
      size: 34,
      font: "bold",
      color: "#ffffff",
      align: "center",
    });
  });
  y0 += 60;
  s.rect(x0, y0, size, cell * 5, { stroke: ctx.accent, width: 3, radius: 8 });
  let k = 0;
  for (let r = 0; r < 5; r += 1) {
    for (let c = 0; c < 5; c += 1) {
      const x = x0 + c * cell;
      const y = y0 + r * cell;
      if (c > 0) s.line(x, y0, x, y0 + cell * 5, { color: ctx.accent, width: 1.5 });
      if (r > 0 && c === 0) s.line(x0, y, x0 + size, y, { color: ctx.accent, width: 1.5 });
      if (r === 2 && c === 2) {
        s.rect(x + 6, y + 6, cell - 12, cell - 12, { fill: tint(ctx.light, 0.2), radius: 8 });
        drawArt(s, { kind: "shape", shape: "star" }, x + cell / 2, y + cell / 2 - 8, cell * 0.5, ctx.accent);
        s.text("FREE", x + cell / 2, y + cell - 16, {
          size: 12,
          font: "bold",
          color: ctx.accent,
          align: "center",
        });
        continue;
      }
      const text = p.cells[k % p.cells.length]!;
      k += 1;
      const fraction = /^\d+\/\d+$/.test(text);
      if (fraction) cellText(s, text, x + cell / 2, y + cell / 2 - 6, 24);
      else {
        const lines = s.wrap(text, cell - 14, 13, "bold");
        const sz = lines.length > 2 ? 11 : lines.length === 1 ? fitSize(s, text, cell - 14, 20) : 13;
        const ls = s.wrap(text, cell - 14, sz, "bold");
        ls.forEach((line, j) => {
          s.text(line, x + cell / 2, y + cell / 2 + sz * 0.35 + (j - (ls.length - 1) / 2) * sz * 1.15, {
            size: sz,
            font: "bold",
            align: "center",
          });
        });
      }
    }
  }
}

function boardPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "board" }>): void {
  const cols = 6;
  const rows = 8;
  const cell = (s.width - 2 * M) / cols;
  const top = 60;
  s.text(p.title, s.width / 2, 44, { size: 22, font: "bold", color: ctx.accent, align: "center" });
  // The track runs around the edge of a 6 x 8 grid.
  const ring: [number, number][] = [];
  for (let c = 0; c < cols; c += 1) ring.push([c, rows - 1]);
  for (let r = rows - 2; r >= 0; r -= 1) ring.push([cols - 1, r]);
  for (let c = cols - 2; c >= 0; c -= 1) ring.push([c, 0]);
  for (let r = 1; r < rows - 1; r += 1) ring.push([0, r]);
  const ch = (s.height - top - 60) / rows;
  const fills = [ctx.accent, tint(ctx.light, 0), tint(ctx.accent, 0.55), "#ffffff"];
  ring.forEach(([c, r], i) => {
    const x = M + c * cell;
    const y = top + r * ch;
    const fill = i === 0 || i === ring.length - 1 ? "#ffffff" : fills[i % fills.length]!;
    s.rect(x + 2, y + 2, cell - 4, ch - 4, { fill, stroke: shade(ctx.accent, 0.2), width: 1.4, radius: 8 });
    const label =
      i === 0 ? "START" : i === ring.length - 1 ? "FINISH" : (p.spaces[(i - 1) % p.spaces.length] ?? "");
    const dark = fill === ctx.accent;
    const ls = s.wrap(label, cell - 14, 10, "bold");
    ls.forEach((line, j) => {
      s.text(line, x + cell / 2, y + ch / 2 + 4 + (j - (ls.length - 1) / 2) * 12, {
        size: i === 0 || i === ring.length - 1 ? 12 : 10,
        font: "bold",
        color: dark ? "#ffffff" : INK,
        align: "center",
      });
    });
  });
  // Middle: the rules and a card pile.
  const ix = M + cell + 14;
  const iw = cell * (cols - 2) - 28;
  let y = top + ch + 24;
  s.rect(ix, y, iw, ch * 2.2, { fill: tint(ctx.light, 0.4), radius: 14 });
  s.text("How to play", ix + iw / 2, y + 26, { size: 15, font: "bold", color: ctx.accent, align: "center" });
  let ty = y + 46;
  for (const [i, rule] of p.rules.entries())
    ty = s.paragraph(`${i + 1}. ${rule}`, ix + 16, ty, iw - 32, { size: 10 }) + 2;
  y += ch * 2.2 + 20;
  const pw = iw / 2 - 10;
  for (let k = 0; k < 2; k += 1) {
    const px = ix + k * (pw + 20);
    s.rect(px + 6, y + 6, pw, ch * 1.8, { fill: tint(ctx.accent, 0.75), radius: 10 });
    s.rect(px, y, pw, ch * 1.8, { fill: "#ffffff", stroke: ctx.accent, width: 2, dash: [6, 4], radius: 10 });
    s.text(k === 0 ? "Draw a card" : "Used cards", px + pw / 2, y + ch * 0.95, {
      size: 13,
      font: "bold",
      color: ctx.accent,
      align: "center",
    });
  }
}

function lessonPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "lesson" }>): void {
  let y = titleBand(s, ctx, "Lesson plan", p.title);
  const full = s.width - 2 * M;
  s.rect(M, y - 6, full, 28, { fill: tint(ctx.light, 0.4), radius: 8 });
  s.text(`Time: ${p.time}`, M + 12, y + 12, { size: 10, font: "bold" });
  s.text("Group: whole class, then pairs", M + 170, y + 12, { size: 10 });
  s.text(ctx.title, s.width - M - 12, y + 12, { size: 10, color: MUTED, align: "right" });
  y += 42;
  const half = (full - 24) / 2;
  let left = sectionHeading(s, ctx, "Objectives", M, y, half);
  for (const o of p.objectives) left = s.paragraph(`•  ${o}`, M, left, half, { size: 10 }) + 3;
  let right = sectionHeading(s, ctx, "Materials", M + half + 24, y, half);
  for (const m of p.materials) right = s.paragraph(`•  ${m}`, M + half + 24, right, half, { size: 10 }) + 3;
  y = Math.max(left, right) + 12;
  y = sectionHeading(s, ctx, "Vocabulary", M, y, full);
  let vx = M;
  for (const word of p.vocabulary) {
    const w = s.measure(word, 10, "bold") + 18;
    if (vx + w > M + full) {
      vx = M;
      y += 24;
    }
    s.rect(vx, y - 13, w, 19, { fill: tint(ctx.accent, 0.86), radius: 9 });
    s.text(word, vx + 9, y, { size: 10, font: "bold", color: shade(ctx.accent, 0.25) });
    vx += w + 8;
  }
  y += 28;
  y = sectionHeading(s, ctx, "Procedure", M, y, full);
  for (const [time, step, detail] of p.procedure) {
    s.rect(M, y - 12, 54, 18, { fill: ctx.accent, radius: 9 });
    s.text(time, M + 27, y + 1, { size: 9, font: "bold", color: "#ffffff", align: "center" });
    s.text(step, M + 66, y, { size: 10.5, font: "bold" });
    y = s.paragraph(detail, M + 66, y + 14, full - 66, { size: 10 }) + 8;
    if (y > s.height - 130) break;
  }
  y += 4;
  y = sectionHeading(s, ctx, "Check for understanding", M, y, full);
  y = s.paragraph(p.assessment, M, y, full, { size: 10 });
  s.rect(M, y + 10, full, s.height - y - 62, { stroke: FAINT, width: 1, radius: 8 });
  s.text("Notes", M + 10, y + 26, { size: 9, font: "bold", color: MUTED });
}

function overviewPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "overview" }>): void {
  let y = titleBand(s, ctx, "Unit overview", p.title);
  const full = s.width - 2 * M;
  y = sectionHeading(s, ctx, "What's included", M, y, full);
  const half = (full - 20) / 2;
  p.includes.forEach((item, i) => {
    const x = M + (i % 2) * (half + 20);
    const iy = y + Math.floor(i / 2) * 20;
    s.rect(x, iy - 10, 11, 11, { stroke: ctx.accent, width: 1.4, radius: 2 });
    s.line(x + 2.5, iy - 4.5, x + 5, iy - 1.5, { color: ctx.accent, width: 1.6 });
    s.line(x + 5, iy - 1.5, x + 10, iy - 9, { color: ctx.accent, width: 1.6 });
    s.text(item, x + 18, iy, { size: 10 });
  });
  y += Math.ceil(p.includes.length / 2) * 20 + 14;
  y = sectionHeading(s, ctx, "Pacing guide", M, y, full);
  const widths = [62, 190, full - 252];
  const heads = ["Day", "Lesson", "Students will"];
  s.rect(M, y - 4, full, 24, { fill: ctx.accent, radius: 6 });
  let x = M;
  heads.forEach((h, i) => {
    s.text(h, x + 8, y + 12, { size: 10, font: "bold", color: "#ffffff" });
    x += widths[i]!;
  });
  y += 20;
  const rowH = Math.min(44, (s.height - y - 60) / p.days.length);
  p.days.forEach((row, r) => {
    if (r % 2 === 0) s.rect(M, y, full, rowH, { fill: tint(ctx.light, 0.55) });
    let cx = M;
    row.forEach((cell, c) => {
      s.paragraph(cell, cx + 8, y + 15, widths[c]! - 14, {
        size: 9.5,
        font: c < 2 ? "bold" : "sans",
        leading: 12,
      });
      cx += widths[c]!;
    });
    y += rowH;
  });
  s.rect(M, y - rowH * p.days.length - 20, full, rowH * p.days.length + 20, {
    stroke: tint(ctx.accent, 0.5),
    width: 1,
    radius: 6,
  });
}

function posterPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "poster" }>): void {
  const color = p.color ?? ctx.accent;
  s.rect(0, 0, s.width, s.height, { fill: tint(color, 0.9) });
  s.rect(22, 22, s.width - 44, s.height - 44, { fill: "#ffffff", stroke: color, width: 10, radius: 28 });
  for (const [x, y] of [
    [52, 52],
    [s.width - 52, 52],
    [52, s.height - 52],
    [s.width - 52, s.height - 52],
  ] as const)
    s.circle(x, y, 9, { fill: color });
  const words = p.heading.split(" ");
  const headingLines =
    s.wrap(p.heading, s.width - 120, 72, "bold").length > 1 && words.length > 1
      ? s.wrap(p.heading, s.width - 120, 64, "bold")
      : [p.heading];
  // A numeral or a short word is the poster: as big as the page allows.
  const max = headingLines.length > 1 ? 64 : p.heading.length <= 3 ? 180 : 88;
  const hs = Math.min(...headingLines.map((l) => fitSize(s, l, s.width - 120, max)));
  const top = 60 + hs * 0.75;
  headingLines.forEach((line, i) => {
    s.text(line, s.width / 2, top + i * hs * 1.05, { size: hs, font: "bold", color, align: "center" });
  });
  const artTop = top + (headingLines.length - 1) * hs * 1.05 + 20;
  // The caption block sits low on the page; the picture fills the room between.
  const captionTop = s.height - 210;
  const room = captionTop - artTop - 30;
  if (p.art) drawArt(s, p.art, s.width / 2, artTop + 10 + room / 2, Math.min(340, room), color);
  let y = captionTop;
  s.rect(70, y - 4, s.width - 140, 4, { fill: tint(color, 0.6) });
  const captionSize = p.caption.length <= 12 ? 44 : 22;
  y = s.paragraph(p.caption, 80, y + 16 + captionSize, s.width - 160, {
    size: captionSize,
    font: "bold",
    align: "center",
    color: INK,
    leading: captionSize * 1.27,
  });
  for (const d of p.detail ?? [])
    y = s.paragraph(d, 90, y + 10, s.width - 180, { size: 14, align: "center", color: MUTED });
}

function slidePage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "slide" }>): void {
  const color = p.color ?? ctx.accent;
  if (p.layout === "title") {
    s.rect(0, 0, s.width, s.height, { fill: color });
    s.circle(s.width - 60, 40, 150, { fill: "#ffffff", opacity: 0.12 });
    s.circle(80, s.height + 10, 110, { fill: "#ffffff", opacity: 0.1 });
    s.rect(60, 120, 70, 6, { fill: ctx.light });
    const size = fitSize(s, p.heading, s.width - 140, 46);
    s.text(p.heading, 60, 180, { size, font: "bold", color: "#ffffff" });
    p.bullets.forEach((b, i) => {
      s.text(b, 60, 220 + i * 24, { size: 18, color: tint(color, 0.8) });
    });
    if (p.art) drawArt(s, p.art, s.width - 140, s.height - 110, 150, ctx.light);
    s.text(`© ${ctx.author}`, 60, s.height - 28, { size: 10, color: tint(color, 0.6) });
    return;
  }
  s.rect(0, 0, s.width, s.height, { fill: "#ffffff" });
  s.rect(0, 0, 18, s.height, { fill: color });
  s.rect(0, s.height - 10, s.width, 10, { fill: tint(ctx.light, 0) });
  s.text(p.heading, 48, 62, {
    size: fitSize(s, p.heading, s.width - 100, 30),
    font: "bold",
    color: shade(color, 0.1),
  });
  s.rect(48, 74, 60, 4, { fill: ctx.light });
  const textW = p.art ? s.width * 0.56 : s.width - 100;
  let y = 112;
  for (const b of p.bullets) {
    s.circle(56, y - 5, 4, { fill: color });
    y = s.paragraph(b, 70, y, textW - 30, { size: 15.5, leading: 21 }) + 10;
  }
  if (p.art) {
    s.rect(s.width * 0.66, 96, s.width * 0.3, s.height - 140, { fill: tint(ctx.light, 0.5), radius: 16 });
    drawArt(
      s,
      p.art,
      s.width * 0.81,
      96 + (s.height - 140) / 2,
      Math.min(s.width * 0.26, s.height - 160),
      color,
    );
  }
  s.text(String(ctx.pageNumber), s.width - 26, s.height - 20, { size: 9, color: MUTED, align: "right" });
}

function quizPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "quiz" }>): void {
  nameLine(s, 44, true);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const full = s.width - 2 * M;
  const perRowOf = (q: { choices: readonly string[] }) =>
    q.choices.some((c) => s.measure(c, 10.5) > full / 4 - 40) ? 2 : 4;
  const heights = p.questions.map(
    (q) =>
      10 +
      s.wrap(q.q, full - 22, 11.5).length * 11.5 * 1.35 +
      4 +
      Math.ceil(q.choices.length / perRowOf(q)) * 20 +
      14,
  );
  const bottom = s.height - 56;
  const natural = heights.reduce((a, b) => a + b, 0);
  // Spare room spreads the questions down the page, as a printed quiz is.
  const gap = Math.min(34, Math.max(0, bottom - y - natural) / p.questions.length);
  for (const [i, q] of p.questions.entries()) {
    if (y + heights[i]! > bottom) break;
    s.text(`${i + 1}.`, M, y + 10, { size: 11.5, font: "bold", color: ctx.accent });
    y = s.paragraph(q.q, M + 22, y + 10, full - 22, { size: 11.5 }) + 4;
    const perRow = perRowOf(q);
    const cw = (full - 22) / perRow;
    q.choices.forEach((c, j) => {
      const cx = M + 22 + (j % perRow) * cw;
      const cy = y + Math.floor(j / perRow) * 20 + 8;
      s.circle(cx + 8, cy - 3.5, 7, { stroke: INK, width: 1 });
      s.text(String.fromCharCode(65 + j), cx + 8, cy, { size: 8, font: "bold", align: "center" });
      s.text(c, cx + 22, cy, { size: 10.5 });
    });
    y += Math.ceil(q.choices.length / perRow) * 20 + 14 + gap;
  }
}

function tablePage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "table" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const full = s.width - 2 * M;
  const given = p.widths ?? [];
  const rest = full - given.reduce((a, b) => a + b, 0);
  const widths = p.columns.map((_, i) => given[i] ?? rest / (p.columns.length - given.length));
  const headH = 30;
  s.rect(M, y, full, headH, { fill: ctx.accent, radius: 6 });
  let x = M;
  p.columns.forEach((c, i) => {
    const size = fitSize(s, c, widths[i]! - 10, 10.5);
    s.text(c, x + widths[i]! / 2, y + 19, { size, font: "bold", color: "#ffffff", align: "center" });
    x += widths[i]!;
  });
  y += headH;
  const afterH = (p.after?.length ?? 0) * 40;
  const rowH =
    p.rowHeight ?? Math.min(p.columns.length > 4 ? 60 : 96, (s.height - y - 70 - afterH) / p.rows.length);
  p.rows.forEach((row, r) => {
    if (r % 2 === 1) s.rect(M, y, full, rowH, { fill: tint(ctx.light, 0.6) });
    let cx = M;
    widths.forEach((w, c) => {
      const cell = row[c] ?? "";
      const art = c === 0 ? p.art?.[r] : null;
      if (art) drawArt(s, art, cx + 24, y + rowH / 2, Math.min(rowH - 8, 40), ctx.accent);
      const tx = art ? cx + 50 : cx + 8;
      const lines = s.wrap(cell, w - (tx - cx) - 8, c === 0 ? 10.5 : 9.5, c === 0 ? "bold" : "sans");
      lines.slice(0, Math.floor((rowH - 6) / 12)).forEach((line, j) => {
        s.text(
          line,
          tx,
          y + rowH / 2 + 4 + (j - (Math.min(lines.length, Math.floor((rowH - 6) / 12)) - 1) / 2) * 12,
          { size: c === 0 ? 10.5 : 9.5, font: c === 0 ? "bold" : "sans" },
        );
      });
      cx += w;
      if (c < widths.length - 1) s.line(cx, y, cx, y + rowH, { color: tint(ctx.accent, 0.5), width: 0.8 });
    });
    y += rowH;
    s.line(M, y, M + full, y, { color: tint(ctx.accent, 0.5), width: 0.8 });
  });
  s.rect(M, y - rowH * p.rows.length - headH, full, rowH * p.rows.length + headH, {
    stroke: ctx.accent,
    width: 1.4,
    radius: 6,
  });
  y += 26;
  for (const line of p.after ?? []) {
    s.text(line, M, y, { size: 10.5, font: "bold" });
    s.answerLine(M, y + 20, full);
    y += 40;
  }
}

function organizerPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "organizer" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const cols = p.columns ?? 1;
  const full = s.width - 2 * M;
  const w = (full - (cols - 1) * 14) / cols;
  const rows = Math.ceil(p.boxes.length / cols);
  const h = (s.height - y - 56 - (rows - 1) * 12) / rows;
  p.boxes.forEach((b, i) => {
    const x = M + (i % cols) * (w + 14);
    const by = y + Math.floor(i / cols) * (h + 12);
    const color = i % 2 ? shade(ctx.accent, 0.1) : ctx.accent;
    s.rect(x, by, w, h, { stroke: color, width: 1.6, radius: 10 });
    s.rect(x, by, w, 26, { fill: tint(color, 0.82), radius: 10 });
    s.text(b.heading, x + 12, by + 18, { size: 11.5, font: "bold", color: shade(color, 0.2) });
    let ly = by + 34;
    if (b.prompt) ly = s.paragraph(b.prompt, x + 12, ly + 8, w - 24, { size: 9.5, color: MUTED }) - 4;
    const space = (by + h - 10 - ly) / Math.max(b.lines, 1);
    for (let l = 1; l <= b.lines; l += 1) s.answerLine(x + 12, ly + l * space, w - 24);
  });
}

function cyclePage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "cycle" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const cx = s.width / 2;
  const radius = Math.min(190, (s.height - 60 - 84 - y - 2 * 58 - 30) / 2);
  const cy = y + radius + 62;
  s.circle(cx, cy, radius, { stroke: tint(ctx.accent, 0.5), width: 3, dash: [8, 6] });
  s.circle(cx, cy, 56, { fill: tint(ctx.light, 0.3), stroke: ctx.accent, width: 2 });
  s.paragraph(p.title, cx - 48, cy - 4, 96, { size: 12, font: "bold", align: "center", color: ctx.accent });
  const n = p.stages.length;
  p.stages.forEach((_, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
    const x = cx + Math.cos(a) * radius;
    const sy = cy + Math.sin(a) * radius;
    // Arrow head half-way to the next stage.
    const am = a + Math.PI / n;
    const ax = cx + Math.cos(am) * radius;
    const ay = cy + Math.sin(am) * radius;
    const t = am + Math.PI / 2;
    s.polygon(
      [
        [ax + Math.cos(t) * 12, ay + Math.sin(t) * 12],
        [ax - Math.cos(t) * 4 + Math.cos(am) * 9, ay - Math.sin(t) * 4 + Math.sin(am) * 9],
        [ax - Math.cos(t) * 4 - Math.cos(am) * 9, ay - Math.sin(t) * 4 - Math.sin(am) * 9],
      ],
      { fill: ctx.accent },
    );
    s.circle(x, sy, 58, { fill: "#ffffff", stroke: ctx.accent, width: 2.5 });
    const art = p.art?.[i];
    if (art) drawArt(s, art, x, sy - 8, 76, ctx.accent);
    numberBadge(s, i + 1, x - 44, sy - 44, 12, ctx.accent);
    s.answerLine(x - 42, sy + 36, 84);
  });
  const by = cy + radius + 80;
  s.rect(M, by, s.width - 2 * M, 64, { fill: tint(ctx.light, 0.5), radius: 10 });
  s.text("Word bank", M + 14, by + 20, { size: 10.5, font: "bold", color: ctx.accent });
  const cw = (s.width - 2 * M - 28) / p.wordBank.length;
  p.wordBank.forEach((w, i) => {
    s.rect(M + 14 + i * cw + 4, by + 30, cw - 8, 22, {
      fill: "#ffffff",
      stroke: tint(ctx.accent, 0.5),
      width: 1,
      radius: 11,
    });
    s.text(w, M + 14 + i * cw + cw / 2, by + 45, { size: 10.5, font: "bold", align: "center" });
  });
}

function timelinePage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "timeline" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const cx = s.width / 2;
  const bottom = s.height - 60;
  s.line(cx, y, cx, bottom, { color: ctx.accent, width: 4 });
  const step = (bottom - y - 20) / p.events.length;
  p.events.forEach(([year, text], i) => {
    const ey = y + 20 + i * step;
    const left = i % 2 === 0;
    s.circle(cx, ey, 9, { fill: "#ffffff", stroke: ctx.accent, width: 3 });
    const bw = cx - M - 34;
    const bx = left ? M : cx + 34;
    s.line(left ? bx + bw : cx + 9, ey, left ? cx - 9 : bx, ey, { color: ctx.accent, width: 1.5 });
    s.rect(bx, ey - 20, bw, step - 10, {
      fill: i % 2 ? tint(ctx.light, 0.5) : tint(ctx.accent, 0.9),
      radius: 8,
    });
    s.text(year, bx + 12, ey - 2, { size: 15, font: "bold", color: ctx.accent });
    s.paragraph(text, bx + 12, ey + 14, bw - 24, { size: 9.5, leading: 12 });
  });
}

function tracingPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "tracing" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const left = M + 34;
  const right = s.width - M - 30;
  const h = (s.height - y - 60) / p.rows.length;
  for (const [i, row] of p.rows.entries()) {
    const cy = y + h / 2 + i * h;
    s.rect(M, cy - h / 2 + 4, s.width - 2 * M, h - 8, { stroke: FAINT, width: 1, radius: 10 });
    s.circle(left - 14, cy, 6, { fill: "#22c55e" });
    drawArt(s, { kind: "shape", shape: "star" }, right + 14, cy, 16, "#f59e0b");
    const dash = { stroke: INK, width: 2.4, dash: [6, 5] };
    const span = right - left;
    if (row.startsWith("letters:")) {
      const letters = row.slice(8);
      const size = Math.min(h * 0.75, 64);
      s.line(left, cy + size * 0.36, right, cy + size * 0.36, { color: RULE, width: 1 });
      s.line(left, cy - size * 0.36, right, cy - size * 0.36, { color: RULE, width: 0.6, dash: [3, 3] });
      s.traceText(letters, left, cy + size * 0.36, size, INK);
      continue;
    }
    let d = `M ${left} ${cy}`;
    const n = 8;
    for (let k = 0; k < n; k += 1) {
      const x = left + ((k + 1) * span) / n;
      const a = h * 0.3;
      if (row === "zigzag") d += ` L ${x - span / n / 2} ${cy + (k % 2 ? a : -a)} L ${x} ${cy}`;
      else if (row === "waves") d += ` Q ${x - span / n / 2} ${cy + (k % 2 ? a * 1.6 : -a * 1.6)} ${x} ${cy}`;
      else if (row === "loops") d += ` C ${x} ${cy - a * 2} ${x - span / n} ${cy - a * 2} ${x} ${cy}`;
      else if (row === "bumps") d += ` Q ${x - span / n / 2} ${cy - a * 2.2} ${x} ${cy}`;
      else d += ` L ${x} ${cy}`;
    }
    s.path(d, dash);
  }
}

function sortPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "sort" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const full = s.width - 2 * M;
  const n = p.headings.length;
  const w = (full - (n - 1) * 12) / n;
  const stripsH = Math.ceil(p.strips.length / 2) * 34 + 30;
  const h = s.height - y - 64 - stripsH;
  p.headings.forEach((heading, i) => {
    const x = M + i * (w + 12);
    const color = i % 2 ? shade(ctx.accent, 0.25) : ctx.accent;
    s.rect(x, y, w, h, { fill: tint(color, 0.92), stroke: color, width: 1.6, radius: 10 });
    s.rect(x, y, w, 34, { fill: color, radius: 10 });
    s.text(heading, x + w / 2, y + 23, { size: 15, font: "bold", color: "#ffffff", align: "center" });
  });
  y += h + 22;
  s.text("Cut apart and sort:", M, y, { size: 9.5, font: "bold", color: MUTED });
  y += 8;
  const sw = (full - 10) / 2;
  p.strips.forEach((strip, i) => {
    const x = M + (i % 2) * (sw + 10);
    const sy = y + Math.floor(i / 2) * 34;
    s.rect(x, sy, sw, 28, { stroke: RULE, width: 1, dash: [4, 3] });
    s.text(strip, x + 8, sy + 18, { size: fitSize(s, strip, sw - 16, 10, "sans") });
  });
}

function journalPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "journal" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y =
    s.paragraph(p.prompt, M, y + 6, s.width - 2 * M, {
      size: 14,
      font: "bold",
      align: "center",
      color: INK,
    }) + 8;
  const full = s.width - 2 * M;
  if (p.draw) {
    const h = p.lines > 4 ? 250 : 330;
    s.rect(M, y, full, h, { stroke: ctx.accent, width: 2, radius: 14 });
    s.text("Draw it here", M + 12, y + 20, { size: 9, color: MUTED });
    for (const [i, c] of [ctx.light, tint(ctx.accent, 0.6), ctx.light].entries())
      s.circle(M + full - 20 - i * 16, y + 16, 5, { fill: c });
    y += h + 18;
  }
  const gap = p.primary ? 44 : 28;
  for (let l = 0; l < p.lines && y + gap < s.height - 54; l += 1) {
    y += gap;
    if (p.primary) {
      s.line(M, y - 28, M + full, y - 28, { color: RULE, width: 0.8 });
      s.line(M, y - 14, M + full, y - 14, { color: RULE, width: 0.8, dash: [4, 4] });
      s.line(M, y, M + full, y, { color: INK, width: 1 });
    } else s.answerLine(M, y, full);
  }
}

function graphsPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "graphs" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const full = s.width - 2 * M;
  const w = (full - 20) / 2;
  const h = (s.height - y - 60 - 20) / 2;
  p.equations.slice(0, 4).forEach((eq, i) => {
    const x = M + (i % 2) * (w + 20);
    const gy = y + Math.floor(i / 2) * (h + 20);
    s.rect(x, gy, w, h, { stroke: tint(ctx.accent, 0.5), width: 1, radius: 8 });
    numberBadge(s, i + 1, x + 16, gy + 16, 9, ctx.accent);
    s.text(eq, x + 32, gy + 21, { size: 13, font: "bold" });
    // A small table of values on the left, a coordinate grid on the right.
    const tx = x + 12;
    const ty = gy + 38;
    s.rect(tx, ty, 66, 18, { fill: tint(ctx.accent, 0.85) });
    s.text("x", tx + 16, ty + 13, { size: 10, font: "bold", align: "center" });
    s.text("y", tx + 50, ty + 13, { size: 10, font: "bold", align: "center" });
    for (let r = 0; r < 5; r += 1) {
      s.rect(tx, ty + 18 + r * 20, 33, 20, { stroke: RULE, width: 0.7 });
      s.rect(tx + 33, ty + 18 + r * 20, 33, 20, { stroke: RULE, width: 0.7 });
      s.text(String(r - 2), tx + 16, ty + 32 + r * 20, { size: 10, align: "center" });
    }
    const gs = Math.min(w - 96, h - 50);
    const gx = x + w - gs - 10;
    const gyy = gy + 36;
    const n = 10;
    for (let k = 0; k <= n; k += 1) {
      const c = k === n / 2 ? INK : FAINT;
      const lw = k === n / 2 ? 1.2 : 0.6;
      s.line(gx + (k * gs) / n, gyy, gx + (k * gs) / n, gyy + gs, { color: c, width: lw });
      s.line(gx, gyy + (k * gs) / n, gx + gs, gyy + (k * gs) / n, { color: c, width: lw });
    }
  });
}

function colorWheelPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "colorWheel" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const cx = s.width / 2;
  const cy = y + 200;
  const r = 180;
  const hues = ["#ef4444", null, "#eab308", null, "#3b82f6", null];
  const names = ["Red", "Orange", "Yellow", "Green", "Blue", "Violet"];
  hues.forEach((fill, i) => {
    const a0 = -Math.PI / 2 + ((i - 0.5) * Math.PI) / 3;
    const a1 = a0 + Math.PI / 3;
    const d = `M ${cx} ${cy} L ${cx + r * Math.cos(a0)} ${cy + r * Math.sin(a0)} A ${r} ${r} 0 0 1 ${cx + r * Math.cos(a1)} ${cy + r * Math.sin(a1)} Z`;
    s.path(d, { fill: fill ?? "#ffffff", stroke: INK, width: 2 });
    const am = (a0 + a1) / 2;
    const lx = cx + (r + 22) * Math.cos(am);
    const ly = cy + (r + 22) * Math.sin(am);
    s.text(fill ? names[i]! : "__________", lx, ly + 4, {
      size: 11,
      font: "bold",
      align: "center",
      color: fill ? INK : MUTED,
    });
  });
  s.circle(cx, cy, 46, { fill: "#ffffff", stroke: INK, width: 2 });
  s.text("Color", cx, cy - 2, { size: 12, font: "bold", align: "center" });
  s.text("Wheel", cx, cy + 13, { size: 12, font: "bold", align: "center" });
  let ty = cy + r + 56;
  const eqs = ["Red + Yellow =", "Yellow + Blue =", "Blue + Red ="];
  const w = (s.width - 2 * M - 24) / 3;
  eqs.forEach((eq, i) => {
    const x = M + i * (w + 12);
    s.rect(x, ty, w, 90, { stroke: tint(ctx.accent, 0.4), width: 1.4, radius: 10 });
    s.text(eq, x + w / 2, ty + 22, { size: 11, font: "bold", align: "center" });
    s.circle(x + w / 2, ty + 56, 22, { stroke: RULE, width: 1.2, dash: [3, 3] });
  });
  ty += 110;
  s.text(
    "Primary colors cannot be made by mixing. Secondary colors are made by mixing two primaries.",
    M,
    ty,
    { size: 10, color: MUTED },
  );
}

function perspectivePage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "perspective" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const full = s.width - 2 * M;
  const h = s.height - y - 70;
  s.rect(M, y, full, h, { stroke: INK, width: 1.2 });
  const hy = y + h * 0.42;
  const vx = M + full / 2;
  s.line(M, hy, M + full, hy, { color: ctx.accent, width: 1.4 });
  s.text("horizon line", M + 8, hy - 6, { size: 8.5, color: ctx.accent });
  s.circle(vx, hy, 4, { fill: ctx.accent });
  s.text("VP", vx + 8, hy - 6, { size: 9, font: "bold", color: ctx.accent });
  const boxes: [number, number, number, number][] = [
    [M + 40, y + 40, 90, 70],
    [M + full - 150, y + 50, 100, 80],
    [M + 60, y + h - 150, 120, 100],
    [M + full - 190, y + h - 140, 130, 90],
    [vx - 50, y + h - 110, 100, 60],
  ];
  boxes.forEach(([bx, by, bw, bh], i) => {
    s.rect(bx, by, bw, bh, { stroke: INK, width: 1.6, fill: i < 2 ? tint(ctx.light, 0.5) : undefined });
    for (const [px, py] of [
      [bx, by],
      [bx + bw, by],
      [bx, by + bh],
      [bx + bw, by + bh],
    ] as const) {
      const k = i < 3 ? 0.35 : 1;
      s.line(px, py, px + (vx - px) * k, py + (hy - py) * k, {
        color: i < 3 ? INK : RULE,
        width: i < 3 ? 1 : 0.7,
        dash: i < 3 ? undefined : [4, 3],
      });
    }
  });
  s.text("Finish each box: connect its back corners, then erase the guide lines.", M, y + h + 24, {
    size: 10,
    color: MUTED,
  });
}

function familyTreePage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "familyTree" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const full = s.width - 2 * M;
  const levels = [
    [p.people[0], p.people[1], p.people[2], p.people[3]],
    [p.people[4], p.people[5]],
    [p.people[6], p.people[7], p.people[8]],
  ];
  const bw = 112;
  const bh = 78;
  const rows = levels.map((level, r) => {
    const gap = (full - level.length * bw) / (level.length + 1);
    return level.map((name, i) => ({ x: M + gap + i * (bw + gap), y: y + 10 + r * 140, name: name ?? "" }));
  });
  for (let r = 1; r < rows.length; r += 1) {
    const parent = rows[r - 1]!;
    const midY = rows[r]![0]!.y - 30;
    const px = r === 1 ? [parent[0]!, parent[1]!] : [rows[1]![0]!, rows[1]![1]!];
    const anchor = (px[0]!.x + px[1]!.x + bw) / 2;
    s.line(px[0]!.x + bw, px[0]!.y + bh / 2, px[1]!.x, px[1]!.y + bh / 2, { color: ctx.accent, width: 1.6 });
    s.line(anchor, px[0]!.y + bh / 2, anchor, midY, { color: ctx.accent, width: 1.6 });
    const kids = r === 1 ? rows[1]!.slice(0, 1) : rows[2]!;
    const xs = kids.map((k) => k.x + bw / 2);
    s.line(Math.min(anchor, ...xs), midY, Math.max(anchor, ...xs), midY, { color: ctx.accent, width: 1.6 });
    for (const x of xs) s.line(x, midY, x, midY + 30, { color: ctx.accent, width: 1.6 });
  }
  if (rows[0]![2] && rows[0]![3]) {
    const a = rows[0]![2]!;
    const b = rows[0]![3]!;
    const anchor = (a.x + b.x + bw) / 2;
    s.line(a.x + bw, a.y + bh / 2, b.x, b.y + bh / 2, { color: ctx.accent, width: 1.6 });
    s.line(anchor, a.y + bh / 2, anchor, rows[1]![1]!.y - 30, { color: ctx.accent, width: 1.6 });
    s.line(anchor, rows[1]![1]!.y - 30, rows[1]![1]!.x + bw / 2, rows[1]![1]!.y - 30, {
      color: ctx.accent,
      width: 1.6,
    });
    s.line(rows[1]![1]!.x + bw / 2, rows[1]![1]!.y - 30, rows[1]![1]!.x + bw / 2, rows[1]![1]!.y, {
      color: ctx.accent,
      width: 1.6,
    });
  }
  for (const row of rows)
    for (const [i, b] of row.entries()) {
      s.rect(b.x, b.y, bw, bh, {
        fill: i % 2 ? tint(ctx.light, 0.3) : tint(ctx.accent, 0.88),
        stroke: ctx.accent,
        width: 1.4,
        radius: 10,
      });
      s.circle(b.x + bw / 2, b.y + 24, 14, { fill: "#ffffff", stroke: ctx.accent, width: 1.2 });
      s.text(b.name, b.x + bw / 2, b.y + 54, { size: 10.5, font: "bold", align: "center" });
      s.answerLine(b.x + 10, b.y + 70, bw - 20);
    }
  y += 10 + 3 * 140 - 20;
  s.rect(M, y, full, 50, { fill: tint(ctx.light, 0.5), radius: 10 });
  s.text("Wortschatz", M + 12, y + 18, { size: 10, font: "bold", color: ctx.accent });
  let wx = M + 12;
  for (const w of p.words) {
    const tw = s.measure(w, 10) + 16;
    if (wx + tw > M + full - 8) break;
    s.rect(wx, y + 25, tw, 18, { fill: "#ffffff", radius: 9 });
    s.text(w, wx + 8, y + 38, { size: 10 });
    wx += tw + 6;
  }
}

function conjugationPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "conjugation" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const full = s.width - 2 * M;
  const w = (full - 16) / 2;
  const rowH = 21;
  p.verbs.slice(0, 4).forEach((verb, i) => {
    const x = M + (i % 2) * (w + 16);
    const ty = y + Math.floor(i / 2) * (rowH * 7 + 28);
    s.rect(x, ty, w, rowH + 4, { fill: i % 3 === 0 ? ctx.accent : shade(ctx.accent, 0.2), radius: 6 });
    s.text(verb, x + w / 2, ty + 17, { size: 12.5, font: "bold", color: "#ffffff", align: "center" });
    p.pronouns.forEach((pr, r) => {
      const ry = ty + rowH + 4 + r * rowH;
      if (r % 2 === 0) s.rect(x, ry, w, rowH, { fill: tint(ctx.light, 0.6) });
      s.text(pr, x + 10, ry + 14, { size: 10.5, font: "bold" });
      s.answerLine(x + 104, ry + 16, w - 116);
    });
    s.rect(x, ty, w, rowH * 7 + 4, { stroke: ctx.accent, width: 1.2, radius: 6 });
  });
  y += Math.ceil(Math.min(p.verbs.length, 4) / 2) * (rowH * 7 + 28) + 8;
  y = sectionHeading(s, ctx, "Completa las oraciones", M, y, full);
  for (const [i, sentence] of p.sentences.entries()) {
    if (y > s.height - 70) break;
    s.text(`${i + 1}.  ${sentence}`, M, y + 6, { size: 11 });
    y += 26;
  }
}

function mapPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "map" }>): void {
  nameLine(s, 44);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const full = s.width - 2 * M;
  const h = 330;
  s.rect(M, y, full, h, { fill: "#ecfccb", stroke: INK, width: 1.4 });
  // Grid references.
  for (let i = 1; i < 6; i += 1)
    s.line(M + (i * full) / 6, y, M + (i * full) / 6, y + h, { color: "#a3a3a3", width: 0.5, dash: [2, 3] });
  for (let i = 1; i < 4; i += 1)
    s.line(M, y + (i * h) / 4, M + full, y + (i * h) / 4, { color: "#a3a3a3", width: 0.5, dash: [2, 3] });
  "ABCDEF".split("").forEach((l, i) => {
    s.text(l, M + ((i + 0.5) * full) / 6, y - 4, { size: 9, font: "bold", align: "center" });
  });
  for (let i = 0; i < 4; i += 1)
    s.text(String(i + 1), M - 10, y + ((i + 0.5) * h) / 4 + 3, { size: 9, font: "bold" });
  // A lake, a river, roads, a park and buildings.
  s.ellipse(M + full * 0.78, y + h * 0.3, 60, 38, { fill: "#93c5fd", stroke: "#3b82f6", width: 1 });
  s.path(
    `M ${M + full * 0.78} ${y + h * 0.42} C ${M + full * 0.7} ${y + h * 0.6} ${M + full * 0.85} ${y + h * 0.75} ${M + full * 0.72} ${y + h}`,
    { stroke: "#3b82f6", width: 6 },
  );
  s.rect(M, y + h * 0.55, full, 14, { fill: "#d4d4d4" });
  s.rect(M + full * 0.32, y, 14, h, { fill: "#d4d4d4" });
  s.text("Main Street", M + 20, y + h * 0.55 + 10, { size: 8, font: "bold", color: MUTED });
  s.rect(M + 20, y + 20, 110, 80, { fill: "#86efac", stroke: "#16a34a", width: 1, radius: 8 });
  s.text("Park", M + 75, y + 64, { size: 10, font: "bold", color: "#166534", align: "center" });
  const places: [string, number, number, string][] = [
    ["School", 0.45, 0.2, "#fca5a5"],
    ["Library", 0.6, 0.68, "#fde68a"],
    ["Store", 0.12, 0.72, "#c4b5fd"],
    ["Fire station", 0.45, 0.8, "#fdba74"],
  ];
  for (const [name, fx, fy, fill] of places) {
    const bx = M + full * fx;
    const by = y + h * fy;
    s.rect(bx, by, 64, 40, { fill, stroke: INK, width: 1 });
    s.text(name, bx + 32, by + 24, { size: 8.5, font: "bold", align: "center" });
  }
  // Compass rose.
  const rx = M + full - 52;
  const ry = y + h - 56;
  s.circle(rx, ry, 30, { fill: "#ffffff", stroke: INK, width: 1 });
  s.polygon(
    [
      [rx, ry - 26],
      [rx + 6, ry],
      [rx, ry + 26],
      [rx - 6, ry],
    ],
    { fill: INK },
  );
  s.polygon(
    [
      [rx - 26, ry],
      [rx, ry - 5],
      [rx + 26, ry],
      [rx, ry + 5],
    ],
    { fill: MUTED },
  );
  s.text("N", rx, ry - 32, { size: 9, font: "bold", align: "center" });
  y += h + 22;
  for (const [i, q] of p.questions.entries()) {
    if (y > s.height - 80) break;
    numberBadge(s, i + 1, M + 10, y + 6, 9, ctx.accent);
    s.text(q, M + 28, y + 10, { size: 11 });
    s.answerLine(M + 28, y + 32, full - 28);
    y += 44;
  }
}

function cellPage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "cell" }>): void {
  nameLine(s, 44, true);
  let y = titleTab(s, ctx, p.title, 62);
  y = directions(s, ctx, p.directions, y);
  const cx = M + 170;
  const cy = y + 150;
  s.ellipse(cx, cy, 150, 118, { fill: "#dcfce7", stroke: "#15803d", width: 6 });
  s.ellipse(cx, cy, 140, 108, { stroke: "#166534", width: 1.2 });
  s.circle(cx + 10, cy - 10, 36, { fill: "#c4b5fd", stroke: "#6d28d9", width: 1.5 });
  s.circle(cx + 14, cy - 14, 11, { fill: "#6d28d9" });
  s.ellipse(cx - 60, cy + 50, 52, 26, { fill: "#bae6fd", stroke: "#0369a1", width: 1 });
  for (const [ox, oy] of [
    [-90, -40],
    [70, 40],
    [-20, 70],
    [90, -50],
  ] as const)
    s.ellipse(cx + ox, cy + oy, 20, 10, { fill: "#4ade80", stroke: "#166534", width: 1, rotate: 25 });
  s.ellipse(cx + 60, cy + 70, 16, 8, { fill: "#fdba74", stroke: "#c2410c", width: 1, rotate: -20 });
  const targets: [number, number][] = [
    [cx + 148, cy - 6],
    [cx + 134, cy - 36],
    [cx + 24, cy - 20],
    [cx - 60, cy + 50],
    [cx - 90, cy - 40],
    [cx + 60, cy + 70],
  ];
  p.labels.slice(0, targets.length).forEach((_, i) => {
    const [tx, ty] = targets[i]!;
    const ly = y + 30 + i * 44;
    const lx = M + 360;
    s.line(tx, ty, lx - 14, ly, { color: INK, width: 0.8 });
    s.circle(tx, ty, 2.4, { fill: INK });
    numberBadge(s, i + 1, lx, ly, 9, ctx.accent);
    s.answerLine(lx + 14, ly + 6, s.width - M - lx - 14);
  });
  y = cy + 140;
  s.rect(M, y, s.width - 2 * M, 30, { fill: tint(ctx.light, 0.5), radius: 8 });
  s.text(`Word bank:  ${p.labels.join("   •   ")}`, s.width / 2, y + 19, {
    size: 10,
    font: "bold",
    align: "center",
  });
  y += 50;
  for (const [i, q] of p.questions.entries()) {
    if (y > s.height - 80) break;
    s.text(`${i + 1}.`, M, y + 10, { size: 11, font: "bold", color: ctx.accent });
    y = s.paragraph(q, M + 20, y + 10, s.width - 2 * M - 20, { size: 11 });
    s.answerLine(M + 20, y + 12, s.width - 2 * M - 20);
    y += 30;
  }
}

function faceGuidePage(s: Sheet, ctx: PageContext, p: Extract<PageSpec, { kind: "faceGuide" }>): void {
  const y = titleTab(s, ctx, p.title, 40);
  const full = s.width - 2 * M;
  const w = (full - 24) / 3;
  const h = (s.height - y - 60 - 14) / 2;
  p.steps.slice(0, 6).forEach((step, i) => {
    const x = M + (i % 3) * (w + 12);
    const by = y + Math.floor(i / 3) * (h + 14);
    s.rect(x, by, w, h, { stroke: tint(ctx.accent, 0.4), width: 1.4, radius: 10 });
    numberBadge(s, i + 1, x + 16, by + 16, 10, ctx.accent);
    const cx = x + w / 2;
    const cy = by + h * 0.42;
    const rx = w * 0.3;
    const ry = h * 0.3;
    s.ellipse(cx, cy, rx, ry, { stroke: INK, width: 1.6 });
    if (i >= 1) {
      s.line(cx - rx, cy, cx + rx, cy, { color: RULE, width: 0.8, dash: [3, 3] });
      s.line(cx, cy - ry, cx, cy + ry, { color: RULE, width: 0.8, dash: [3, 3] });
    }
    if (i >= 2) {
      s.ellipse(cx - rx * 0.4, cy, rx * 0.18, ry * 0.07, { stroke: INK, width: 1.2 });
      s.ellipse(cx + rx * 0.4, cy, rx * 0.18, ry * 0.07, { stroke: INK, width: 1.2 });
    }
    if (i >= 3)
      s.path(`M ${cx - 4} ${cy + ry * 0.1} L ${cx - 7} ${cy + ry * 0.42} L ${cx + 6} ${cy + ry * 0.42}`, {
        stroke: INK,
        width: 1.2,
      });
    if (i >= 4)
      s.path(
        `M ${cx - rx * 0.3} ${cy + ry * 0.62} Q ${cx} ${cy + ry * 0.78} ${cx + rx * 0.3} ${cy + ry * 0.62}`,
        { stroke: INK, width: 1.4 },
      );
    if (i >= 5)
      s.path(
        `M ${cx - rx} ${cy - ry * 0.2} Q ${cx - rx * 0.9} ${cy - ry * 1.25} ${cx} ${cy - ry * 1.1} Q ${cx + rx * 0.9} ${cy - ry * 1.25} ${cx + rx} ${cy - ry * 0.2}`,
        { stroke: INK, width: 2, fill: tint(ctx.light, 0.2) },
      );
    s.paragraph(step, x + 10, by + h - 46, w - 20, { size: 9.5, align: "center", leading: 12 });
  });
}
