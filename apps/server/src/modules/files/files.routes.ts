import { extname } from "node:path";
import { isImageWidth } from "@market/domain";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { notFound, validationFailed } from "../../platform/errors.ts";
import { ensureVariant, RESIZABLE, variantKey } from "../../platform/image-variants.ts";
import { parseByteRange } from "./byte-range.ts";

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
  route(
    app,
    "GET /files/:folder/*",
    { config: { access: "public", availableOffline: true } },
    async (request, reply) => {
      const original = `${request.params.folder}/${request.params["*"]}`;
      const width = request.query.w;
      let key = original;
      let whole = await storage.read(original);
      if (!whole) throw notFound("No such file");
      if (width !== undefined) {
        if (!RESIZABLE.test(original) || !isImageWidth(width)) {
          whole.stream.destroy();
          throw validationFailed({ w: "not_resizable" }, "Only pictures come in other widths");
        }
        // The original was looked up first: a deleted picture is gone at every width too.
        whole.stream.destroy();
        key = variantKey(original, width);
        whole = await storage.read(key);
        // Made on the first request for this width, then read from storage like any file.
        if (!whole && (await ensureVariant(storage, original, width))) whole = await storage.read(key);
        if (!whole) {
          // It could not be made (an original past the limits): the original will do.
          key = original;
          whole = await storage.read(original);
          if (!whole) throw notFound("No such file");
        }
      }
      const type = CONTENT_TYPES[extname(key).toLowerCase()] ?? "application/octet-stream";
      // Stored files are never rewritten under the same key (a changed preview is a new key), and a copy
      // at a width is made from that one original, so both can be cached for good.
      reply
        .header("content-type", type)
        .header("accept-ranges", "bytes")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("content-security-policy", "default-src 'none'; sandbox");
      const range = parseByteRange(request.headers.range, whole.size);
      if (range === "unsatisfiable") {
        whole.stream.destroy();
        return reply.code(416).header("content-range", `bytes */${whole.size}`).send();
      }
      if (!range) return reply.header("content-length", whole.size).send(whole.stream);
      // A range (video players seek with them): only those bytes, as 206 Partial Content.
      whole.stream.destroy();
      const part = await storage.read(key, range);
      if (!part) throw notFound("No such file");
      return reply
        .code(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${whole.size}`)
        .header("content-length", range.end - range.start + 1)
        .send(part.stream);
    },
  );
}
