import { extname } from "node:path";
import { z } from "zod";
import type { AppInstance } from "../../app.ts";
import { notFound } from "../../platform/errors.ts";

/** Public images only: previews, avatars, site images, ad images, help media. Premium files are served elsewhere. */
const PUBLIC_FOLDERS = ["previews", "avatars", "site-images", "ads", "help", "patterns"] as const;

const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
  ".svg": "image/svg+xml",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

export async function filesRoutes(app: AppInstance) {
  const { storage } = app.deps;
  app.get(
    "/files/:folder/*",
    {
      config: { access: "public", availableOffline: true },
      schema: { params: z.object({ folder: z.enum(PUBLIC_FOLDERS), "*": z.string().min(1).max(200) }) },
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params["*"]}`;
      const file = await storage.read(key);
      if (!file) throw notFound("No such file");
      const type = CONTENT_TYPES[extname(key).toLowerCase()] ?? "application/octet-stream";
      // Stored files are never rewritten under the same key, so they can be cached for good.
      return reply
        .header("content-type", type)
        .header("content-length", file.size)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
}
