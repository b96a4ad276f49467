import { describe, expect, it } from "vitest";
import {
  checkPreviewCount,
  checkPreviewImage,
  checkResourceFiles,
  combinedFileBytes,
  maxCombinedBytes,
  PREVIEW_IMAGE_RULES,
} from "./resource-files.ts";

describe("PREVIEW_IMAGE_RULES (spec 9: preview display 96 by 124, default 3 slots)", () => {
  it("matches the spec's numbers", () => {
    expect(PREVIEW_IMAGE_RULES).toEqual({
      maxBytes: 1_000_000,
      minWidth: 692,
      minHeight: 896,
      formats: ["jpg", "jpeg", "png", "bmp", "gif"],
      displayWidth: 96,
      displayHeight: 124,
      defaultSlots: 3,
    });
  });
});

describe("checkPreviewImage (spec 5: max 1,000,000 bytes, min 692x896, jpg jpeg png bmp gif)", () => {
  const ok = { bytes: 500_000, width: 692, height: 896, format: "png" };
  it.each([
    [{}, null],
    [{ bytes: 1_000_000 }, null],
    [{ bytes: 1_000_001 }, "too_large"],
    [{ width: 691 }, "insufficient_dimensions"],
    [{ height: 895 }, "insufficient_dimensions"],
    [{ width: 896, height: 692 }, "insufficient_dimensions"],
    [{ width: 2000, height: 3000 }, null],
    [{ format: "jpeg" }, null],
    [{ format: "jpg" }, null],
    [{ format: "JPEG" }, null],
    [{ format: "bmp" }, null],
    [{ format: "gif" }, null],
    [{ format: "webp" }, "unsupported_type"],
    [{ format: "svg" }, "unsupported_type"],
    [{ format: "" }, "unsupported_type"],
    [{ bytes: 2_000_000, format: "webp", width: 10 }, "too_large"],
    [{ format: "tiff", width: 10 }, "unsupported_type"],
  ])("%j -> %s", (over, problem) => expect(checkPreviewImage({ ...ok, ...over })).toBe(problem));
});

const free = (size_bytes: number) => ({ size_bytes, is_premium_file: false });
const premium = (size_bytes: number) => ({ size_bytes, is_premium_file: true });

describe("combinedFileBytes and maxCombinedBytes (spec 5: MB x 1,000,000; premium excluded)", () => {
  it.each([
    [[], 0],
    [[free(10), free(5)], 15],
    [[free(10), premium(1_000_000)], 10],
    [[premium(7)], 0],
  ])("%j -> %i bytes", (files, bytes) => expect(combinedFileBytes(files)).toBe(bytes));

  it.each([
    [1, 1_000_000],
    [200, 200_000_000],
  ])("%i MB -> %i bytes", (mb, bytes) => expect(maxCombinedBytes(mb)).toBe(bytes));
});

describe("checkResourceFiles (spec 5: files, premium file, combined size)", () => {
  it.each([
    ["no files", [], 0, "files_required"],
    ["no files, paid", [], 499, "files_required"],
    ["free with a free file", [free(100)], 0, null],
    ["free with a premium file", [free(100), premium(100)], 0, "premium_file_not_allowed"],
    ["free with only a premium file", [premium(100)], 0, "premium_file_not_allowed"],
    ["paid without a premium file", [free(100)], 499, "premium_file_required"],
    ["paid with a premium file", [free(100), premium(100)], 499, null],
    ["paid with only a premium file", [premium(100)], 499, null],
    ["exactly at the 1 MB limit", [free(600_000), free(400_000)], 0, null],
    ["one byte over the 1 MB limit", [free(600_000), free(400_001)], 0, "combined_size_exceeded"],
    ["premium bytes excluded", [free(1_000_000), premium(5_000_000)], 499, null],
    ["a premium file alone may exceed it", [premium(2_000_000)], 499, null],
    ["over the limit, paid", [free(1_000_001), premium(1)], 499, "combined_size_exceeded"],
  ] as const)("%s -> %s", (_case, files, priceCents, problem) =>
    expect(checkResourceFiles(files, priceCents, 1)).toBe(problem),
  );
});

describe("checkPreviewCount (spec 5: at least one image, at least 3 if price is above 0)", () => {
  it.each([
    [0, 0, "images_required"],
    [0, 499, "images_required"],
    [1, 0, null],
    [1, 499, "three_images_required"],
    [2, 100, "three_images_required"],
    [3, 100, null],
    [5, 10_000, null],
  ])("%i images at %i cents -> %s", (count, priceCents, problem) =>
    expect(checkPreviewCount(count, priceCents)).toBe(problem),
  );
});
