import sharp, { type Sharp } from "sharp";

/**
 * Uploaded pictures (resource previews and the like): what they are, decided from their bytes, and
 * re-encoding them to PNG so that what we store and serve is always an image this server produced.
 *
 * The prebuilt libvips inside sharp has no BMP loader, so BMP is decoded here: uncompressed 24- and
 * 32-bit bottom-up or top-down bitmaps, which is what Paint and most converters write. Anything else
 * in a BMP wrapper (palettes, RLE, 16-bit, embedded JPEG/PNG) is treated as not an image.
 */

/** Decompression-bomb limit: a small file may declare a huge canvas; decoding stops before that. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = "jpeg" | "png" | "bmp" | "gif";

export interface InspectedImage {
  format: ImageFormat;
  /** Displayed size: EXIF orientation applied, as toPreviewPng will produce it. */
  width: number;
  height: number;
  /** Size of the uploaded file. */
  bytes: number;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_MAGIC)) return "png";
  // "GIF87a" / "GIF89a"
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return "gif";
  if (startsWith(bytes, [0x42, 0x4d])) return "bmp";
  return null;
}

/**
 * Untrusted input: the pixel limit, and failOn "warning" so that truncated or damaged data is an error
 * rather than a grey half-picture.
 */
const INPUT_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" } as const;

interface DecodedBmp {
  width: number;
  height: number;
  rgba: Buffer;
}

/** Header facts of a BMP we can decode, or null. Reads no pixels, so it is cheap on any input. */
function parseBmpHeader(b: Buffer) {
  if (b.length < 54 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const dataOffset = b.readUInt32LE(10);
  const headerSize = b.readUInt32LE(14);
  // BITMAPINFOHEADER (40) and its extensions V2 (52), V3 (56), V4 (108), V5 (124) share these offsets.
  if (![40, 52, 56, 108, 124].includes(headerSize)) return null;
  const width = b.readInt32LE(18);
  const rawHeight = b.readInt32LE(22);
  const planes = b.readUInt16LE(26);
  const bitsPerPixel = b.readUInt16LE(28);
  const compression = b.readUInt32LE(30);
  if (planes !== 1 || width <= 0 || rawHeight === 0) return null;
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width * height > MAX_INPUT_PIXELS) return null;
  let alpha = false;
  if (bitsPerPixel === 24) {
    if (compression !== 0) return null;
  } else if (bitsPerPixel === 32) {
    if (compression === 3) {
      // BI_BITFIELDS: the R, G, B masks follow the 40-byte header (inside it for V2 and later).
      if (b.length < 66) return null;
      const [r, g, bl] = [b.readUInt32LE(54), b.readUInt32LE(58), b.readUInt32LE(62)];
      if (r !== 0x00ff0000 || g !== 0x0000ff00 || bl !== 0x000000ff) return null;
      // V3 and later headers also carry an alpha mask; only the standard one is understood.
      if (headerSize >= 56 && b.length >= 70) {
        const a = b.readUInt32LE(66);
        if (a !== 0 && a !== 0xff000000) return null;
        alpha = a === 0xff000000;
      }
    } else if (compression !== 0) {
      return null;
    }
  } else {
    return null;
  }
  const stride = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (dataOffset < 14 + headerSize || dataOffset + stride * height > b.length) return null;
  return { width, height, topDown, bitsPerPixel, alpha, dataOffset, stride };
}

/** Uncompressed 24/32-bit BMP to RGBA, or null for anything else (including a short file). */
function decodeBmp(b: Buffer): DecodedBmp | null {
  const h = parseBmpHeader(b);
  if (!h) return null;
  const { width, height, topDown, dataOffset, stride } = h;
  const step = h.bitsPerPixel / 8;
  const rgba = Buffer.allocUnsafe(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y += 1) {
    const src = dataOffset + (topDown ? y : height - 1 - y) * stride;
    let out = y * width * 4;
    for (let x = 0, i = src; x < width; x += 1, i += step, out += 4) {
      rgba[out] = b[i + 2]!;
      rgba[out + 1] = b[i + 1]!;
      rgba[out + 2] = b[i]!;
      const a = h.alpha ? b[i + 3]! : 255;
      rgba[out + 3] = a;
      if (a !== 0) anyAlpha = true;
    }
  }
  // An alpha channel that is zero everywhere is a writer that left it unset, not an invisible picture.
  if (!anyAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return { width, height, rgba };
}

/** A sharp pipeline over an accepted image, or null when the bytes are not one. */
function open(bytes: Buffer): { format: ImageFormat; image: Sharp; bmp?: DecodedBmp } | null {
  const format = sniffImageFormat(bytes);
  if (!format) return null;
  if (format === "bmp") {
    const bmp = decodeBmp(bytes);
    if (!bmp) return null;
    const image = sharp(bmp.rgba, { raw: { width: bmp.width, height: bmp.height, channels: 4 } });
    return { format, image, bmp };
  }
  return { format, image: sharp(bytes, INPUT_OPTIONS) };
}

/**
 * What the bytes are, judged from content: the format from magic numbers, then a full decode so that
 * a valid header over damaged data is rejected too. Null for anything not acceptable: other formats,
 * undecodable data, or more than MAX_INPUT_PIXELS pixels. Never throws.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage | null> {
  try {
    const opened = open(bytes);
    if (!opened) return null;
    const { format, image, bmp } = opened;
    if (bmp) return { format, width: bmp.width, height: bmp.height, bytes: bytes.length };
    const meta = await image.metadata();
    // libvips sniffs on its own; it must agree with ours (jpeg, png, gif).
    if (meta.format !== format) return null;
    // Decode every pixel (streamed, nothing kept) to catch truncated or corrupt data.
    await image.stats();
    const { width, height } = meta.autoOrient;
    return { format, width, height, bytes: bytes.length };
  } catch {
    return null;
  }
}

const unsupported = () => new Error("unsupported_image");

/**
 * Re-encodes an accepted image as PNG: EXIF orientation applied, metadata stripped (sharp keeps none
 * unless asked), colour converted to sRGB, first frame only for an animated GIF. With maxWidth, a wider
 * image is scaled down keeping its aspect ratio; a narrower one is never enlarged.
 * Throws Error("unsupported_image") for bytes inspectImage would refuse.
 */
export async function toPreviewPng(
  bytes: Buffer,
  opts: { maxWidth?: number } = {},
): Promise<{ png: Buffer; width: number; height: number }> {
  const opened = open(bytes);
  if (!opened) throw unsupported();
  let image = opened.image.autoOrient();
  if (opts.maxWidth) image = image.resize({ width: opts.maxWidth, withoutEnlargement: true });
  try {
    const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw unsupported();
  }
}

/** A cover-fit PNG thumbnail; the default is twice the 96x124 display size of a preview. */
export async function thumbnail(bytes: Buffer, width = 192, height = 248): Promise<Buffer> {
  const opened = open(bytes);
  if (!opened) throw unsupported();
  try {
    return await opened.image.autoOrient().resize(width, height, { fit: "cover" }).png().toBuffer();
  } catch {
    throw unsupported();
  }
}

/**
 * What a preview is stored as: WebP at most 1,400 pixels wide. Re-encoding means we only ever serve an
 * image we produced (no smuggled payloads), and WebP keeps a page photo well under the 1,000,000-byte
 * upload limit, which PNG would not.
 */
export async function encodePreview(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const opened = open(bytes);
  if (!opened) throw unsupported();
  try {
    const { data, info } = await opened.image
      .autoOrient()
      .resize({ width: 1400, withoutEnlargement: true })
      // Effort 2 of 6 encodes in half the time of the default 4 at about the same size (measured on
      // rendered worksheet pages: 63.3 KB against 62.0 KB); previews are made inside requests and seeds.
      .webp({ quality: 85, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unsupported();
  }
}
