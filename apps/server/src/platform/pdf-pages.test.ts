import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { minimalPdf } from "../db/seed/pdf.ts";
import { isPdf, renderPdfPages } from "./pdf-pages.ts";

const PREVIEW = { maxPages: 3, minWidth: 692, minHeight: 896 };
const pdf = minimalPdf({ title: "Fractions Practice", lines: ["1. Add 1/2 and 1/4.", "2. Simplify 6/8."] });

/** minimalPdf with another MediaBox of the same length, so the xref offsets stay right. */
function withMediaBox(box: string): Buffer {
  const text = pdf.toString("latin1");
  expect(box).toHaveLength("612 792".length);
  return Buffer.from(text.replace("/MediaBox [0 0 612 792]", `/MediaBox [0 0 ${box}]`), "latin1");
}

describe("renderPdfPages", () => {
  beforeAll(async () => {
    // Pays the one-off WASM initialisation outside the timed tests.
    await renderPdfPages(pdf, { ...PREVIEW, maxPages: 0 });
  });

  it("renders a Letter page to a PNG of at least the preview size", async () => {
    const started = performance.now();
    const pages = await renderPdfPages(pdf, PREVIEW);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pages).toHaveLength(1);
    const [first] = pages;
    expect(first!.page).toBe(1);
    const meta = await sharp(first!.png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(first!.width);
    expect(meta.height).toBe(first!.height);
    expect(meta.width).toBeGreaterThanOrEqual(692);
    expect(meta.height).toBeGreaterThanOrEqual(896);
    // The smallest scale that fits both minimums: 896 / 792 for Letter, so 693 x 896.
    expect([first!.width, first!.height]).toEqual([693, 896]);
    // Something was drawn: black title text on a white page.
    const stats = await sharp(first!.png).stats();
    expect(stats.channels[0]!.min).toBeLessThan(64);
    expect(stats.channels[0]!.max).toBe(255);
  });

  it("scales a landscape page so both minimums hold", async () => {
    const [page] = await renderPdfPages(withMediaBox("792 612"), PREVIEW);
    expect(page!.width).toBeGreaterThanOrEqual(692);
    expect(page!.height).toBe(896);
  });

  it("renders no more than maxPages", async () => {
    expect(await renderPdfPages(pdf, { ...PREVIEW, maxPages: 0 })).toEqual([]);
  });

  it("refuses bytes that are not a PDF", async () => {
    await expect(renderPdfPages(Buffer.from("hello, world"), PREVIEW)).rejects.toThrow("unreadable_pdf");
    await expect(renderPdfPages(Buffer.from("%PDF-1.4\nnothing else"), PREVIEW)).rejects.toThrow(
      "unreadable_pdf",
    );
  });

  it("refuses a truncated PDF", async () => {
    await expect(renderPdfPages(pdf.subarray(0, Math.floor(pdf.length / 2)), PREVIEW)).rejects.toThrow(
      "unreadable_pdf",
    );
  });

  it("refuses a page that would exceed the pixel limit at preview scale", async () => {
    // One point wide: 692 px wide means about 69 million px tall.
    await expect(renderPdfPages(withMediaBox("1 99999"), PREVIEW)).rejects.toThrow("unreadable_pdf");
    // The library is still usable afterwards.
    expect(await renderPdfPages(pdf, PREVIEW)).toHaveLength(1);
  });
});

describe("isPdf", () => {
  it("checks the %PDF- signature", () => {
    expect(isPdf(pdf)).toBe(true);
    expect(isPdf(Buffer.from("%PDF"))).toBe(false);
    expect(isPdf(Buffer.from("hello"))).toBe(false);
  });
});
