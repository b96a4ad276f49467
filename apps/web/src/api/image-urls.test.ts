import { IMAGE_WIDTHS } from "@market/domain";
import { describe, expect, it } from "vitest";
import { coverImage, imageSrcSet, imageUrl, previewFullImage, previewThumbnailImage } from "./image-urls.ts";

describe("picture addresses at the widths the server keeps", () => {
  it("asks the files route for a width, or for the original", () => {
    expect(imageUrl("previews/r1/a b.webp")).toBe("/api/files/previews/r1/a%20b.webp");
    expect(imageUrl("previews/r1/a b.webp", 320)).toBe("/api/files/previews/r1/a%20b.webp?w=320");
  });

  it("lists each width with its w descriptor, every width by default", () => {
    expect(imageSrcSet("previews/x.webp", [160, 320])).toBe(
      "/api/files/previews/x.webp?w=160 160w, /api/files/previews/x.webp?w=320 320w",
    );
    expect(imageSrcSet("previews/x.webp").split(", ")).toHaveLength(IMAGE_WIDTHS.length);
  });

  it("gives a card's cover, a thumbnail and a full view only widths the server serves", () => {
    for (const image of [
      coverImage("previews/x.webp"),
      previewThumbnailImage("previews/x.webp"),
      previewFullImage("previews/x.webp"),
    ]) {
      const widths = [image.src, ...image.srcSet.split(", ").map((entry) => entry.split(" ")[0]!)].map(
        (url) => Number(new URL(url, "http://x").searchParams.get("w")),
      );
      for (const width of widths) expect(IMAGE_WIDTHS).toContain(width);
      expect(image.sizes).not.toBe("");
    }
    expect(coverImage("previews/x.webp", "200px").sizes).toBe("200px");
    expect(previewThumbnailImage("previews/x.webp").sizes).toBe("96px");
  });
});
