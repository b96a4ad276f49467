import { IMAGE_WIDTHS, isImageWidth } from "../rules/image-widths.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";

/** Public images only: previews, avatars, site images, ad images, help media. Premium files are served elsewhere. */
export const PUBLIC_FOLDERS = ["previews", "avatars", "site-images", "ads", "help", "patterns"] as const;

/** A stored file by its locator: a public folder, then the rest of its key. */
export const storedFileParamsSchema = z.object({
  folder: z.enum(PUBLIC_FOLDERS),
  "*": z.string().min(1).max(200),
});

/** A picture at one of the served widths (IMAGE_WIDTHS); without `w`, the original. */
export const imageWidthQuerySchema = z.object({
  w: z.coerce
    .number()
    .int()
    .refine(isImageWidth, { message: `One of ${IMAGE_WIDTHS.join(", ")}` })
    .optional(),
});

/** Stored files (covers, previews, avatars, site and ad images) as they are served. */
export const fileEndpoints = defineEndpoints({
  "GET /files/:folder/*": {
    summary: "A stored public file, or a byte range of it; a picture also at a served width.",
    params: storedFileParamsSchema,
    query: imageWidthQuerySchema,
    response: "file",
  },
});
