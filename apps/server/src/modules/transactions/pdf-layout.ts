import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

/**
 * A small page writer for the documents the server makes with pdf-lib (receipts, yearly statements):
 * US Letter pages, a cursor moving down from the top, text placed in points from the left margin, and a
 * new page when the next block does not fit. Only the standard Helvetica fonts are used, so nothing is
 * embedded; they encode WinAnsi, so `safe` puts "?" for a character they cannot draw (a buyer's
 * organisation in Chinese, an emoji) rather than failing the document.
 */

export const PAGE = { width: 612, height: 792, margin: 54 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

export const COLORS = {
  ink: rgb(0.12, 0.16, 0.22),
  muted: rgb(0.38, 0.42, 0.48),
  line: rgb(0.82, 0.84, 0.87),
  band: rgb(0.16, 0.35, 0.45),
  onBand: rgb(1, 1, 1),
  wash: rgb(0.95, 0.96, 0.97),
  notice: rgb(0.99, 0.94, 0.88),
  noticeEdge: rgb(0.85, 0.45, 0.1),
} as const;

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: Color;
}

export class PdfWriter {
  /** The cursor: the top of the next line, in points from the top of the page. */
  y: number = PAGE.margin;
  page: PDFPage;
  private readonly chars: [Set<number>, Set<number>];

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    /** Drawn at the top of every page after the first (a table's column heads, say). */
    public onNewPage: ((writer: PdfWriter) => void) | null = null,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.chars = [new Set(regular.getCharacterSet()), new Set(bold.getCharacterSet())];
  }

  static async create(title: string, subject: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    const writer = new PdfWriter(doc, regular, bold);
    doc.setTitle(writer.safe(title));
    doc.setSubject(writer.safe(subject));
    doc.setAuthor("Lesson Loft");
    doc.setCreator("Lesson Loft");
    doc.setProducer("Lesson Loft (pdf-lib)");
    return writer;
  }

  /** Text the standard fonts can draw: line breaks and tabs as spaces, anything else unknown as "?". */
  safe(text: string, bold = false): string {
    const known = this.chars[bold ? 1 : 0];
    let out = "";
    for (const char of text.replace(/[\r\n\t]+/g, " ")) {
      const code = char.codePointAt(0)!;
      out += known.has(code) ? char : code === 0x2212 ? "-" : "?";
    }
    return out;
  }

  font(bold = false): PDFFont {
    return bold ? this.bold : this.regular;
  }

  width(text: string, style: TextStyle = {}): number {
    return this.font(style.bold).widthOfTextAtSize(this.safe(text, style.bold), style.size ?? 10);
  }

  /** Splits text into lines no wider than `maxWidth` (words longer than a line are cut). */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (this.width(next, style) <= maxWidth) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (this.width(line, style) > maxWidth && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(line.slice(0, cut), style) > maxWidth) cut -= 1;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      if (line) lines.push(line);
    }
    return lines.length ? lines : [""];
  }

  /** Draws one line of text with its top at `top` (points from the top), `x` from the page's left edge. */
  textAt(text: string, x: number, top: number, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    this.page.drawText(this.safe(text, style.bold), {
      x,
      // The baseline sits about 0.8 of the size below the line's top.
      y: PAGE.height - top - size * 0.8,
      size,
      font: this.font(style.bold),
      color: style.color ?? COLORS.ink,
    });
  }

  /** Draws text ending at `right` (for amounts in a column). */
  textRight(text: string, right: number, top: number, style: TextStyle = {}): void {
    this.textAt(text, right - this.width(text, style), top, style);
  }

  /** Wrapped text at the cursor, moving it down; answers the number of lines drawn. */
  paragraph(text: string, style: TextStyle & { x?: number; maxWidth?: number; gap?: number } = {}): number {
    const size = style.size ?? 10;
    const x = style.x ?? PAGE.margin;
    const lines = this.wrap(text, style.maxWidth ?? CONTENT_WIDTH - (x - PAGE.margin), style);
    for (const line of lines) {
      this.ensure(size * 1.4);
      this.textAt(line, x, this.y, style);
      this.y += size * 1.4;
    }
    this.y += style.gap ?? 0;
    return lines.length;
  }

  rect(x: number, top: number, width: number, height: number, color: Color, border?: Color): void {
    this.page.drawRectangle({
      x,
      y: PAGE.height - top - height,
      width,
      height,
      color,
      ...(border ? { borderColor: border, borderWidth: 1 } : {}),
    });
  }

  rule(top: number = this.y, color: Color = COLORS.line, thickness = 0.75): void {
    this.page.drawLine({
      start: { x: PAGE.margin, y: PAGE.height - top },
      end: { x: PAGE.width - PAGE.margin, y: PAGE.height - top },
      thickness,
      color,
    });
  }

  /** Starts a new page when `height` points do not fit below the cursor. */
  ensure(height: number): void {
    if (this.y + height <= PAGE.height - PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.margin;
    this.onNewPage?.(this);
  }

  /** Page numbers in every page's footer, with a line of text beside them. */
  footer(text: string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const current = this.page;
      this.page = page;
      const top = PAGE.height - PAGE.margin / 2 - 8;
      this.textAt(text, PAGE.margin, top, { size: 8, color: COLORS.muted });
      this.textRight(`Page ${index + 1} of ${pages.length}`, PAGE.width - PAGE.margin, top, {
        size: 8,
        color: COLORS.muted,
      });
      this.page = current;
    });
  }

  async bytes(): Promise<Buffer> {
    // A fixed creation date would be reproducible, but a bookkeeper's archive wants the real one.
    return Buffer.from(await this.doc.save());
  }
}
