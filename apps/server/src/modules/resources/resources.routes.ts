import { serializerCompiler } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { onCatalogueChange } from "../../platform/catalogue-changes.ts";
import { route } from "../../platform/endpoint-route.ts";
import { sendFileDownload } from "../../platform/file-download.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { openDownload } from "./download.service.ts";
import { addFavorite, listFavoriteIds, removeFavorite } from "./favorites.service.ts";
import { listFavorites, listOwnResources } from "./own-lists.service.ts";
import { type DetailAnswer, getResourceDetail, type SharedDetail } from "./resource-detail.service.ts";
import { listPublishedResources } from "./resource-list.service.ts";

export async function resourcesRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;
  const counts = new TtlCache<number>(deps.config.catalogueCountCacheMs);
  // Listed resources' pages as everybody sees them, shared by visitors and signed-in teachers alike.
  const sharedPages = new TtlCache<SharedDetail>(deps.config.visitorCacheMs, 2000);
  const stopListening = onCatalogueChange(db, () => {
    counts.clear();
    sharedPages.clear();
  });
  // The database's notices outlive this app (tests build several on one database): stop listening with it.
  app.addHook("onClose", async () => stopListening());

  route(app, "GET /resources", { config: { access: "public", sameForEveryone: true } }, async (request) =>
    listPublishedResources(db, request.query, counts),
  );
  route(
    app,
    "GET /resources/:id",
    {
      config: { access: "public", sharedForVisitors: true },
      // A listed page comes with its text, written by the schema once per shared fill plus the viewer's
      // flags (resource-detail.service.ts); any other answer is checked and written by the schema here.
      serializerCompiler: (route) => {
        const bySchema = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
        return (answer) => (answer as DetailAnswer).json ?? bySchema(answer);
      },
    },
    async (request) =>
      getResourceDetail(db, request.query.name ?? request.params.id, request.viewer, sharedPages),
  );
  route(
    app,
    "GET /resources/:id/files/:fileId/download",
    { config: { access: "public" } },
    async (request, reply) => {
      const refHeader = request.headers.refcode;
      const opened = await openDownload(deps, {
        resourceIdOrName: request.params.id,
        fileId: request.params.fileId,
        viewer: request.viewer,
        ip: request.ip,
        refCode: typeof refHeader === "string" ? refHeader : undefined,
      });
      if (opened.link !== null)
        return reply.header("cache-control", "private, no-store").redirect(opened.link, 302);
      return sendFileDownload(reply, opened.file, opened.stream, opened.size);
    },
  );
  route(app, "PUT /users/self/resources/favorites/:id", {}, async (request) =>
    addFavorite(db, requireViewer(request), request.params.id),
  );
  route(app, "DELETE /users/self/resources/favorites/:id", {}, async (request) =>
    removeFavorite(db, requireViewer(request), request.params.id),
  );
  route(app, "GET /users/self/favorites/ids", {}, async (request) =>
    listFavoriteIds(db, requireViewer(request)),
  );
  route(app, "GET /users/self/favorites", {}, async (request) =>
    listFavorites(db, requireViewer(request), request.query.page, request.query.pageSize),
  );
  route(app, "GET /users/self/resources", {}, async (request) =>
    listOwnResources(db, requireViewer(request)),
  );
}
