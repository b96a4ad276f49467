/** Picture addresses at the widths the server keeps: rules shared with the server (its preload hints). */
export {
  COVER_SIZES,
  COVER_WIDTHS,
  coverImage,
  imageSrcSet,
  imageUrl,
  previewFullImage,
  previewLargeImage,
  previewThumbnailImage,
  type ResponsiveImage,
  SHELF_COVER_SIZES,
} from "@market/domain";
