/**
 * The widths a stored picture is served at (`/api/files/{locator}?w=320`): WebP copies made once and
 * kept beside the original, so a grid of phone-sized cards does not download 1,400-pixel previews. A
 * short fixed list, so that each picture has at most this many copies; any other width is refused.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}
