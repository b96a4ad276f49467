import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { inspectImage, MAX_INPUT_PIXELS, sniffImageFormat, thumbnail, toPreviewPng } from "./images.ts";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });

const png = (width: number, height: number) => solid(width, height).png({ compressionLevel: 1 }).toBuffer();
const jpeg = (width: number, height: number) => solid(width, height).jpeg().toBuffer();
const gif = (width: number, height: number) => solid(width, height).gif().toBuffer();

type Rgb = readonly [number, number, number];

/**
 * A BMP written byte by byte: 14-byte file header, 40-byte BITMAPINFOHEADER, then rows of B, G, R
 * (and X or A for 32-bit) padded to 4 bytes. `rows` is top row first, whatever the storage order.
 */
function bmp(
  rows: readonly (readonly Rgb[])[],
  opts: { bits?: 24 | 32; topDown?: boolean; compression?: number } = {},
) {
  const bits = opts.bits ?? 24;
  const height = rows.length;
  const width = rows[0]!.length;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const file = Buffer.alloc(54 + stride * height);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(opts.topDown ? -height : height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bits, 28);
  file.writeUInt32LE(opts.compression ?? 0, 30);
  file.writeUInt32LE(stride * height, 34);
  rows.forEach((row, y) => {
    const stored = opts.topDown ? y : height - 1 - y;
    row.forEach(([r, g, b], x) => {
      const at = 54 + stored * stride + (x * bits) / 8;
      file[at] = b;
      file[at + 1] = g;
      file[at + 2] = r;
    });
  });
  return file;
}

const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const YELLOW: Rgb = [255, 255, 0];
// Width 3 at 24 bits is 9 bytes a row, padded to 12: the padding has to be skipped.
const PICTURE = [
  [RED, GREEN, BLUE],
  [WHITE, BLACK, YELLOW],
] as const;

async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) =>
    Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
  return { info, at };
}

describe("sniffImageFormat", () => {
  it("reads magic numbers, not names", () => {
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffImageFormat(Buffer.from("GIF87a..."))).toBe("gif");
    expect(sniffImageFormat(Buffer.from("GIF89a..."))).toBe("gif");
    expect(sniffImageFormat(Buffer.from("BM......"))).toBe("bmp");
    expect(sniffImageFormat(Buffer.from("GIF88a..."))).toBeNull();
    expect(sniffImageFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImageFormat(Buffer.from("%PDF-1.4"))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });
});

describe("inspectImage", () => {
  it("accepts PNG, JPEG and GIF at the preview minimum", async () => {
    for (const [format, make] of [
      ["png", png],
      ["jpeg", jpeg],
      ["gif", gif],
    ] as const) {
      const bytes = await make(692, 896);
      expect(await inspectImage(bytes)).toEqual({ format, width: 692, height: 896, bytes: bytes.length });
    }
  });

  it("reports the real dimensions of an image under the minimum", async () => {
    expect(await inspectImage(await png(691, 896))).toMatchObject({ format: "png", width: 691, height: 896 });
  });

  it("reports the displayed size of a JPEG rotated by EXIF", async () => {
    const rotated = await solid(896, 692).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await inspectImage(rotated)).toMatchObject({ format: "jpeg", width: 692, height: 896 });
  });

  it("refuses a PNG signature followed by junk", async () => {
    const junk = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("not really an image at all, just some words"),
    ]);
    expect(sniffImageFormat(junk)).toBe("png");
    expect(await inspectImage(junk)).toBeNull();
  });

  it("refuses a truncated JPEG whose header is intact", async () => {
    const whole = await jpeg(692, 896);
    expect(await inspectImage(whole.subarray(0, Math.floor(whole.length / 2)))).toBeNull();
  });

  it("refuses a text file, whatever it is called", async () => {
    expect(await inspectImage(Buffer.from("hello.png\nThis is plain text.\n"))).toBeNull();
    expect(await inspectImage(Buffer.alloc(0))).toBeNull();
  });

  it("refuses an image over the pixel limit without decoding it", async () => {
    const huge = await png(10_000, 5_000);
    expect(10_000 * 5_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const started = performance.now();
    expect(await inspectImage(huge)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
    await expect(toPreviewPng(huge)).rejects.toThrow("unsupported_image");
  });

  it("decodes an uncompressed 24-bit BMP, bottom-up, with row padding", async () => {
    const file = bmp(PICTURE);
    expect(await inspectImage(file)).toEqual({ format: "bmp", width: 3, height: 2, bytes: file.length });
    const { png: out, width, height } = await toPreviewPng(file);
    expect([width, height]).toEqual([3, 2]);
    expect(sniffImageFormat(out)).toBe("png");
    const { at } = await pixels(out);
    expect([at(0, 0), at(1, 0), at(2, 0)]).toEqual([RED, GREEN, BLUE]);
    expect([at(0, 1), at(1, 1), at(2, 1)]).toEqual([WHITE, BLACK, YELLOW]);
  });

  it("decodes a top-down 32-bit BMP with its unused fourth byte as opaque", async () => {
    const file = bmp(PICTURE, { bits: 32, topDown: true });
    expect(await inspectImage(file)).toMatchObject({ format: "bmp", width: 3, height: 2 });
    const { png: out } = await toPreviewPng(file);
    const meta = await sharp(out).stats();
    expect(meta.isOpaque).toBe(true);
    const { at } = await pixels(out);
    expect([at(0, 0), at(2, 1)]).toEqual([RED, YELLOW]);
  });

  it("refuses BMP variants it does not decode, and a short BMP", async () => {
    expect(await inspectImage(bmp(PICTURE, { compression: 1 }))).toBeNull(); // RLE8
    const file = bmp(PICTURE);
    file.writeUInt16LE(8, 28); // 8-bit palette
    expect(await inspectImage(file)).toBeNull();
    expect(await inspectImage(bmp(PICTURE).subarray(0, 60))).toBeNull();
    const bomb = bmp(PICTURE);
    bomb.writeInt32LE(100_000, 18);
    bomb.writeInt32LE(100_000, 22);
    expect(await inspectImage(bomb)).toBeNull();
  });
});

describe("toPreviewPng", () => {
  it("re-encodes to PNG, applying EXIF rotation and dropping metadata", async () => {
    const rotated = await solid(896, 692).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { png: out, width, height } = await toPreviewPng(rotated);
    expect([width, height]).toEqual([692, 896]);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: "png", width: 692, height: 896 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it("scales down to maxWidth keeping the aspect ratio, never up", async () => {
    const big = await png(1384, 1792);
    expect(await toPreviewPng(big, { maxWidth: 692 })).toMatchObject({ width: 692, height: 896 });
    expect(await toPreviewPng(await gif(692, 896), { maxWidth: 1000 })).toMatchObject({
      width: 692,
      height: 896,
    });
  });

  it("throws for bytes that are not an accepted image", async () => {
    await expect(toPreviewPng(Buffer.from("plain text"))).rejects.toThrow("unsupported_image");
  });
});

describe("thumbnail", () => {
  it("cover-fits to twice the display size by default", async () => {
    const meta = await sharp(await thumbnail(await jpeg(692, 896))).metadata();
    expect(meta).toMatchObject({ format: "png", width: 192, height: 248 });
    const wide = await sharp(await thumbnail(bmp(PICTURE), 96, 124)).metadata();
    expect(wide).toMatchObject({ format: "png", width: 96, height: 124 });
  });
});
