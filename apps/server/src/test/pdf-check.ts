import { PDFiumLibrary } from "@hyzyla/pdfium";

/**
 * For tests: a PDF's first page as PDFium sees it, rendered to a bitmap and read for its text, so a
 * test proves a document opens, draws something and says what it should (not merely that bytes came).
 */
export interface FirstPage {
  pageCount: number;
  width: number;
  height: number;
  /** The share of the bitmap's pixels that are not white (0 for a blank page). */
  inkedShare: number;
  /** The page's text, whitespace collapsed to single spaces. */
  text: string;
}

let library: Promise<PDFiumLibrary> | null = null;

export async function readFirstPage(pdf: Uint8Array): Promise<FirstPage> {
  library ??= PDFiumLibrary.init();
  const document = await (await library).loadDocument(pdf);
  try {
    const page = document.getPage(0);
    const text = page.getText().replace(/\s+/g, " ").trim();
    const image = await page.render({ scale: 1, render: "bitmap" });
    // BGRA: a pixel is inked when any colour channel is clearly below white.
    let inked = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i]! < 240 || image.data[i + 1]! < 240 || image.data[i + 2]! < 240) inked += 1;
    }
    return {
      pageCount: document.getPageCount(),
      width: image.width,
      height: image.height,
      inkedShare: inked / (image.data.length / 4),
      text,
    };
  } finally {
    document.destroy();
  }
}
