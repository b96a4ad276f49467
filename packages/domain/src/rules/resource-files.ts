import { COUNTS, PREVIEW_DISPLAY } from "./limits.ts";

/**
 * Preview image rules (spec 5 Resource text and spec 9): at most 1,000,000 bytes (decimal, like
 * every size in the spec), at least 692x896, one of five formats; shown at 96x124 in 3 slots.
 */
export const PREVIEW_IMAGE_RULES = {
  maxBytes: 1_000_000,
  minWidth: 692,
  minHeight: 896,
  formats: ["jpg", "jpeg", "png", "bmp", "gif"],
  displayWidth: PREVIEW_DISPLAY.width,
  displayHeight: PREVIEW_DISPLAY.height,
  defaultSlots: COUNTS.previewSlots,
} as const;

export type PreviewImageProblem = "too_large" | "insufficient_dimensions" | "unsupported_type";

/**
 * A preview image's problem, or null. Size is checked first because it is known before decoding;
 * the format is the decoded one (not the file name's extension), so a renamed file cannot pass.
 */
export function checkPreviewImage(image: {
  bytes: number;
  width: number;
  height: number;
  format: string;
}): PreviewImageProblem | null {
  const rules = PREVIEW_IMAGE_RULES;
  if (image.bytes > rules.maxBytes) return "too_large";
  const format = image.format.trim().toLowerCase().replace(/^\./, "");
  if (!(rules.formats as readonly string[]).includes(format)) return "unsupported_type";
  if (image.width < rules.minWidth || image.height < rules.minHeight) return "insufficient_dimensions";
  return null;
}

export type ResourceFilesProblem =
  | "files_required"
  | "premium_file_required"
  | "premium_file_not_allowed"
  | "combined_size_exceeded";

type ResourceFile = { size_bytes: number; is_premium_file: boolean };

/** maxCombinedFileSize is in MB of 1,000,000 bytes (spec 5), not MiB. */
export function maxCombinedBytes(mb: number): number {
  return mb * 1_000_000;
}

/** The bytes that count toward maxCombinedFileSize: premium files are excluded (spec 5). */
export function combinedFileBytes(files: readonly ResourceFile[]): number {
  return files.reduce((sum, file) => (file.is_premium_file ? sum : sum + file.size_bytes), 0);
}

/**
 * A resource's files (spec 5): at least one of any kind; a paid resource needs a premium file (what
 * buyers get) and a free one must not have one (nothing to sell); the free files together fit the
 * site's maxCombinedFileSize. Reported in that order.
 */
export function checkResourceFiles(
  files: readonly ResourceFile[],
  priceCents: number,
  maxCombinedFileSizeMb: number,
): ResourceFilesProblem | null {
  if (files.length === 0) return "files_required";
  const hasPremium = files.some((file) => file.is_premium_file);
  if (priceCents > 0 && !hasPremium) return "premium_file_required";
  if (priceCents <= 0 && hasPremium) return "premium_file_not_allowed";
  if (combinedFileBytes(files) > maxCombinedBytes(maxCombinedFileSizeMb)) return "combined_size_exceeded";
  return null;
}

export type PreviewCountProblem = "images_required" | "three_images_required";

/** Images (spec 5): at least one, and at least 3 when the resource is paid. */
export function checkPreviewCount(count: number, priceCents: number): PreviewCountProblem | null {
  if (count < 1) return "images_required";
  if (priceCents > 0 && count < 3) return "three_images_required";
  return null;
}
