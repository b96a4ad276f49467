import { IMAGE_WIDTHS, type ImageWidth } from "./image-widths.ts";
import { API_BASE } from "./limits.ts";

/** Where a stored file (cover, avatar, site image) is served. */
export function fileUrl(locator: string): string {
  return `${API_BASE}/files/${locator.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * Stored pictures at the size they are shown. The server keeps a WebP copy of a picture at each of
 * IMAGE_WIDTHS (`/api/files/{locator}?w=320`, made once, cached for good); `srcSet` lists them and `sizes`
 * tells the browser how wide the picture is laid out, so it downloads the smallest copy that is sharp
 * on its screen (a 2x phone showing a 175 px card takes the 480 px copy, not the 1,400 px preview).
 */
export interface ResponsiveImage {
  src: string;
  srcSet: string;
  sizes: string;
}

/** The picture at `width` (one of IMAGE_WIDTHS), or the stored original without one. */
export function imageUrl(locator: string, width?: ImageWidth): string {
  return width === undefined ? fileUrl(locator) : `${fileUrl(locator)}?w=${width}`;
}

/** An `srcSet` of the picture at each of `widths`: "…?w=160 160w, …?w=320 320w, …". */
export function imageSrcSet(locator: string, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string {
  return widths.map((width) => `${imageUrl(locator, width)} ${width}w`).join(", ");
}

/** The widths a card's cover may need: up to 400 CSS pixels on screens of up to 1.6x, 320 at 2x. */
export const COVER_WIDTHS = [160, 320, 480, 640] as const satisfies readonly ImageWidth[];
/**
 * How wide a grid card's cover is laid out: about 270 px from a tablet up (four to a row in a 1,152 px
 * column), and on a phone half the screen less the page's padding and the gap between the two columns.
 */
export const COVER_SIZES = "(min-width: 768px) 280px, calc(50vw - 1.5rem)";
/** A shelf's card: about 46% of a phone's width (two in view, the third peeking), a quarter of the row above. */
export const SHELF_COVER_SIZES = "(min-width: 640px) 280px, calc(46vw - 1rem)";

/** `<img {...coverImage(card.cover_locator)} alt={title} width height loading="lazy" />` on a grid card. */
export function coverImage(locator: string, sizes: string = COVER_SIZES): ResponsiveImage {
  return { src: imageUrl(locator, 320), srcSet: imageSrcSet(locator, COVER_WIDTHS), sizes };
}

/** A preview thumbnail on the resource page, shown at PREVIEW_DISPLAY (96 x 124): 160 at 1x, 320 at 2x and 3x. */
export function previewThumbnailImage(locator: string, displayWidth = 96): ResponsiveImage {
  return {
    src: imageUrl(locator, 160),
    srcSet: imageSrcSet(locator, [160, 320]),
    sizes: `${displayWidth}px`,
  };
}

/** The resource page's first, large preview: the page's largest picture (sm:max-w-md, 448 px at most). */
export function previewLargeImage(locator: string): ResponsiveImage {
  return {
    src: imageUrl(locator, 640),
    srcSet: imageSrcSet(locator, [320, 480, 640, 960]),
    sizes: "(min-width: 640px) 448px, calc(100vw - 2rem)",
  };
}

/** A preview opened large in the gallery's dialog (max-w-3xl less its padding: 720 px at most). */
export function previewFullImage(locator: string): ResponsiveImage {
  return {
    src: imageUrl(locator, 960),
    srcSet: imageSrcSet(locator, [480, 640, 960, 1280]),
    sizes: "(min-width: 800px) 720px, calc(100vw - 5rem)",
  };
}
