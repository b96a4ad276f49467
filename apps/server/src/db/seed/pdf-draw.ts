import {
  beginText,
  type Color,
  degrees,
  endText,
  LineCapStyle,
  moveText,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
  setDashPattern,
  setFillingColor,
  setFontAndSize,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from "pdf-lib";

/**
 * Drawing on a pdf-lib page in the coordinates a layout is written in: points from the top-left corner,
 * y growing downwards, text placed by its baseline. Only the 14 standard fonts are used (nothing to
 * embed), so text is limited to what WinAnsi encodes; `safe` drops anything else.
 */

/** US Letter, the page the spec's 692x896 minimum preview (about 0.77) matches. */
export const LETTER = { width: 612, height: 792 } as const;
/** A 16:9 slide, about 10 x 5.6 inches. */
export const SLIDE = { width: 720, height: 405 } as const;

export interface Fonts {
  sans: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  serif: PDFFont;
  serifBold: PDFFont;
  serifItalic: PDFFont;
}

export type FontName = keyof Fonts;

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const [sans, bold, italic, serif, serifBold, serifItalic] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
    doc.embedFont(StandardFonts.TimesRoman),
    doc.embedFont(StandardFonts.TimesRomanBold),
    doc.embedFont(StandardFonts.TimesRomanItalic),
  ]);
  return { sans, bold, italic, serif, serifBold, serifItalic };
}

export function hex(color: string): Color {
  const n = Number.parseInt(color.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** A colour mixed with white: amount 0 is the colour, 1 is white. */
export function tint(color: string, amount: number): string {
  const n = Number.parseInt(color.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const parts = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${parts.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** A colour mixed with black. */
export function shade(color: string, amount: number): string {
  const n = Number.parseInt(color.slice(1), 16);
  const parts = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c * (1 - amount)));
  return `#${parts.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const RULE = "#9ca3af";
export const FAINT = "#e5e7eb";

const REPLACEMENTS: Record<string, string> = { "→": "->", "←": "<-", "✓": "v", "≈": "~", "−": "-" };
let encodable: Set<number> | null = null;

/** Text the standard fonts can show: a few look-alikes replaced, anything else outside WinAnsi dropped. */
export function safe(text: string, font: PDFFont): string {
  encodable ??= new Set(font.getCharacterSet());
  const set = encodable;
  return [...text.replace(/[→←✓≈−]/g, (c) => REPLACEMENTS[c] ?? "")]
    .filter((c) => set.has(c.codePointAt(0)!))
    .join("");
}

interface TextOptions {
  size: number;
  font?: FontName;
  color?: string;
  align?: "left" | "center" | "right";
  opacity?: number;
}

interface ShapeOptions {
  fill?: string;
  stroke?: string;
  width?: number;
  dash?: number[];
  opacity?: number;
}

/** One page to draw on, top-left origin. */
export class Sheet {
  readonly width: number;
  readonly height: number;

  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {
    this.width = page.getWidth();
    this.height = page.getHeight();
  }

  font(name: FontName = "sans"): PDFFont {
    return this.fonts[name];
  }

  measure(text: string, size: number, font: FontName = "sans"): number {
    return this.font(font).widthOfTextAtSize(safe(text, this.fonts.sans), size);
  }

  /** Draws one line of text with its baseline at y; returns its width. */
  text(text: string, x: number, y: number, o: TextOptions): number {
    const value = safe(text, this.fonts.sans);
    const font = this.font(o.font);
    const w = font.widthOfTextAtSize(value, o.size);
    const left = o.align === "center" ? x - w / 2 : o.align === "right" ? x - w : x;
    this.page.drawText(value, {
      x: left,
      y: this.height - y,
      size: o.size,
      font,
      color: hex(o.color ?? INK),
      opacity: o.opacity,
    });
    return w;
  }

  /** Greedy word wrap to a width. */
  wrap(text: string, width: number, size: number, font: FontName = "sans"): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && this.measure(candidate, size, font) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Wrapped text from a first baseline at y; returns the y below its last line. */
  paragraph(
    text: string,
    x: number,
    y: number,
    width: number,
    o: TextOptions & { leading?: number },
  ): number {
    const leading = o.leading ?? o.size * 1.35;
    const lines = this.wrap(text, width, o.size, o.font);
    lines.forEach((line, i) => {
      const at = o.align === "center" ? x + width / 2 : o.align === "right" ? x + width : x;
      this.text(line, at, y + i * leading, o);
    });
    return y + lines.length * leading;
  }

  /** Outlined, dashed letters for tracing. */
  traceText(text: string, x: number, y: number, size: number, color: string): void {
    const font = this.font("sans");
    const value = safe(text, this.fonts.sans);
    this.page.pushOperators(
      pushGraphicsState(),
      setStrokingColor(hex(color)),
      setFillingColor(hex(color)),
      setLineWidth(1.6),
      setDashPattern([4, 3], 0),
      beginText(),
      setFontAndSize(this.page.node.newFontDictionary(font.name, font.ref), size),
      setTextRenderingMode(TextRenderingMode.Outline),
      moveText(x, this.height - y),
      showText(font.encodeText(value)),
      endText(),
      popGraphicsState(),
    );
  }

  rect(x: number, y: number, w: number, h: number, o: ShapeOptions & { radius?: number }): void {
    const r = Math.min(o.radius ?? 0, w / 2, h / 2);
    if (r > 0) {
      this.path(
        `M ${x + r} ${y} H ${x + w - r} A ${r} ${r} 0 0 1 ${x + w} ${y + r} V ${y + h - r} ` +
          `A ${r} ${r} 0 0 1 ${x + w - r} ${y + h} H ${x + r} A ${r} ${r} 0 0 1 ${x} ${y + h - r} ` +
          `V ${y + r} A ${r} ${r} 0 0 1 ${x + r} ${y} Z`,
        o,
      );
      return;
    }
    this.page.drawRectangle({
      x,
      y: this.height - y - h,
      width: w,
      height: h,
      color: o.fill ? hex(o.fill) : undefined,
      borderColor: o.stroke ? hex(o.stroke) : undefined,
      borderWidth: o.stroke ? (o.width ?? 1) : 0,
      borderDashArray: o.dash,
      opacity: o.opacity,
      borderOpacity: o.opacity,
    });
  }

  /** An SVG path in page coordinates (top-left origin). */
  path(d: string, o: ShapeOptions): void {
    this.page.drawSvgPath(d, {
      x: 0,
      y: this.height,
      color: o.fill ? hex(o.fill) : undefined,
      borderColor: o.stroke ? hex(o.stroke) : undefined,
      borderWidth: o.stroke ? (o.width ?? 1) : 0,
      borderDashArray: o.dash,
      opacity: o.opacity,
      borderOpacity: o.opacity,
    });
  }

  line(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    o: { color?: string; width?: number; dash?: number[]; round?: boolean } = {},
  ) {
    this.page.drawLine({
      start: { x: x1, y: this.height - y1 },
      end: { x: x2, y: this.height - y2 },
      thickness: o.width ?? 1,
      color: hex(o.color ?? RULE),
      dashArray: o.dash,
      lineCap: o.round ? LineCapStyle.Round : undefined,
    });
  }

  circle(cx: number, cy: number, r: number, o: ShapeOptions): void {
    this.ellipse(cx, cy, r, r, o);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, o: ShapeOptions & { rotate?: number }): void {
    this.page.drawEllipse({
      x: cx,
      y: this.height - cy,
      xScale: rx,
      yScale: ry,
      color: o.fill ? hex(o.fill) : undefined,
      borderColor: o.stroke ? hex(o.stroke) : undefined,
      borderWidth: o.stroke ? (o.width ?? 1) : 0,
      borderDashArray: o.dash,
      opacity: o.opacity,
      borderOpacity: o.opacity,
      rotate: o.rotate ? degrees(o.rotate) : undefined,
    });
  }

  /** Polygon through points given as [x, y] pairs. */
  polygon(points: readonly (readonly [number, number])[], o: ShapeOptions): void {
    const d = points.map(([x, y], i) => `${i === 0 ? "M" : "L"} ${x.toFixed(2)} ${y.toFixed(2)}`).join(" ");
    this.path(`${d} Z`, o);
  }

  /** A horizontal writing line, for answers. */
  answerLine(x: number, y: number, w: number): void {
    this.line(x, y, x + w, y, { color: RULE, width: 0.8 });
  }
}

/** Points of a regular polygon (or a star when inner is given) around a centre. */
export function regularPoints(
  cx: number,
  cy: number,
  r: number,
  sides: number,
  inner?: number,
): [number, number][] {
  const n = inner ? sides * 2 : sides;
  return Array.from({ length: n }, (_, i) => {
    const radius = inner && i % 2 === 1 ? inner : r;
    const angle = -Math.PI / 2 + (i * Math.PI * 2) / n;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  });
}
