import { type PDFiumDocument, PDFiumLibrary } from "@hyzyla/pdfium";
import sharp from "sharp";
import { MAX_INPUT_PIXELS } from "./images.ts";

/**
 * PDF pages as PNG pictures, for the previews the server generates from an uploaded document.
 * PDFium compiled to WebAssembly (@hyzyla/pdfium): no system binaries, no canvas. The WASM runs on the
 * calling thread, so a page render blocks the event loop for its duration (milliseconds for ordinary
 * pages at preview size); the pixel limit bounds the worst case.
 */

export interface RenderedPdfPage {
  /** 1-based page number. */
  page: number;
  png: Buffer;
  width: number;
  height: number;
}

const unreadable = () => new Error("unreadable_pdf");

export function isPdf(bytes: Uint8Array): boolean {
  // "%PDF-"
  return (
    bytes.length >= 5 &&
    bytes[0] === 0x25 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x44 &&
    bytes[3] === 0x46 &&
    bytes[4] === 0x2d
  );
}

let library: Promise<PDFiumLibrary> | null = null;

/** One PDFium instance per process, loaded on first use (about 4 MB of WASM). */
function pdfium(): Promise<PDFiumLibrary> {
  if (!library) {
    library = PDFiumLibrary.init().catch((error: unknown) => {
      library = null;
      throw error;
    });
  }
  return library;
}

/**
 * Renders the first maxPages pages, each scaled (keeping its aspect ratio) to the smallest size that
 * is at least minWidth x minHeight, as PNG. Throws Error("unreadable_pdf") when the document cannot be
 * opened (not a PDF, damaged, needs a password) or a page is unusable, including one that would exceed
 * MAX_INPUT_PIXELS at that scale (an extreme aspect ratio, for instance). A PDF with no pages gives [].
 */
export async function renderPdfPages(
  pdf: Buffer,
  opts: { maxPages: number; minWidth: number; minHeight: number },
): Promise<RenderedPdfPage[]> {
  if (!isPdf(pdf)) throw unreadable();
  const lib = await pdfium();
  let document: PDFiumDocument;
  try {
    document = await lib.loadDocument(pdf);
  } catch {
    throw unreadable();
  }
  const rendered: RenderedPdfPage[] = [];
  try {
    const count = Math.min(document.getPageCount(), Math.max(0, Math.floor(opts.maxPages)));
    for (let index = 0; index < count; index += 1) {
      const page = document.getPage(index);
      // Points (1/72 inch), page rotation applied; 0 when PDFium could not load the page.
      const { originalWidth, originalHeight } = page.getOriginalSize();
      if (!(originalWidth > 0 && originalHeight > 0)) throw unreadable();
      const scale = Math.max(opts.minWidth / originalWidth, opts.minHeight / originalHeight);
      // Explicit pixel sizes (rendered at scale 1) so rounding never lands a pixel under the minimum.
      const width = Math.ceil(originalWidth * scale - 1e-9);
      const height = Math.ceil(originalHeight * scale - 1e-9);
      if (width * height > MAX_INPUT_PIXELS) {
        // render() is what closes a loaded page; give it nothing to draw so the page is released.
        await page.render({ scale: 1, width: 1, height: 1, render: "bitmap" }).catch(() => undefined);
        throw unreadable();
      }
      // Bitmap is BGRA with PDFium's REVERSE_BYTE_ORDER flag set by the wrapper: the bytes are RGBA.
      const bitmap = await page.render({ scale: 1, width, height, render: "bitmap" });
      const png = await sharp(bitmap.data, {
        raw: { width: bitmap.width, height: bitmap.height, channels: 4 },
      })
        // Opaque white page: the alpha channel carries nothing.
        .removeAlpha()
        .png()
        .toBuffer();
      rendered.push({ page: index + 1, png, width: bitmap.width, height: bitmap.height });
    }
  } catch (error) {
    if (error instanceof Error && error.name === "RuntimeError") {
      // A WebAssembly.RuntimeError (out of memory, a trap, an abort) leaves the instance unusable; the next call starts a fresh one.
      library = null;
    }
    if (error instanceof Error && error.message === "unreadable_pdf") throw error;
    throw unreadable();
  } finally {
    try {
      document.destroy();
    } catch {
      // Already torn down with an aborted instance.
    }
  }
  return rendered;
}
