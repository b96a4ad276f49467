import {
  favoriteIdsResponseSchema,
  favoriteResponseSchema,
  pageQuerySchema,
  resourceDetailSchema,
  resourceIdParamsSchema,
  resourceListQuerySchema,
  resourceListResponseSchema,
  resourcePageSchema,
  selfResourcesResponseSchema,
} from "@market/domain";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { onCatalogueChange } from "../../platform/catalogue-changes.ts";
import { sendFileDownload } from "../../platform/file-download.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { openDownload } from "./download.service.ts";
import { addFavorite, listFavoriteIds, removeFavorite } from "./favorites.service.ts";
import { listFavorites, listOwnResources } from "./own-lists.service.ts";
import { getResourceDetail, type SharedDetail } from "./resource-detail.service.ts";
import { listPublishedResources } from "./resource-list.service.ts";

export async function resourcesRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;
  const counts = new TtlCache<number>(deps.config.catalogueCountCacheMs);
  // Listed resources' pages as everybody sees them, shared by visitors and signed-in teachers alike.
  const sharedPages = new TtlCache<SharedDetail>(deps.config.visitorCacheMs, 2000);
  onCatalogueChange(db, () => {
    counts.clear();
    sharedPages.clear();
  });

  app.get(
    "/resources",
    {
      config: { access: "public", sameForEveryone: true },
      schema: { querystring: resourceListQuerySchema, response: { 200: resourceListResponseSchema } },
    },
    async (request) => listPublishedResources(db, request.query, counts),
  );

  app.get(
    "/resources/:id",
    {
      config: { access: "public", sharedForVisitors: true },
      schema: {
        params: resourceIdParamsSchema,
        querystring: z.object({ name: z.string().max(120).optional() }),
        response: { 200: resourceDetailSchema },
      },
    },
    async (request) =>
      getResourceDetail(db, request.query.name ?? request.params.id, request.viewer, sharedPages),
  );

  app.get(
    "/resources/:id/files/:fileId/download",
    { config: { access: "public" }, schema: { params: resourceIdParamsSchema.extend({ fileId: z.uuid() }) } },
    async (request, reply) => {
      const refHeader = request.headers.refcode;
      const { file, stream, size } = await openDownload(deps, {
        resourceIdOrName: request.params.id,
        fileId: request.params.fileId,
        viewer: request.viewer,
        ip: request.ip,
        refCode: typeof refHeader === "string" ? refHeader : undefined,
      });
      return sendFileDownload(reply, file, stream, size);
    },
  );

  app.put(
    "/users/self/resources/favorites/:id",
    { schema: { params: resourceIdParamsSchema, response: { 200: favoriteResponseSchema } } },
    async (request) => addFavorite(db, requireViewer(request), request.params.id),
  );
  app.delete(
    "/users/self/resources/favorites/:id",
    { schema: { params: resourceIdParamsSchema, response: { 200: favoriteResponseSchema } } },
    async (request) => removeFavorite(db, requireViewer(request), request.params.id),
  );
  app.get(
    "/users/self/favorites/ids",
    { schema: { response: { 200: favoriteIdsResponseSchema } } },
    async (request) => listFavoriteIds(db, requireViewer(request)),
  );
  app.get(
    "/users/self/favorites",
    { schema: { querystring: pageQuerySchema, response: { 200: resourcePageSchema } } },
    async (request) => listFavorites(db, requireViewer(request), request.query.page, request.query.pageSize),
  );
  app.get(
    "/users/self/resources",
    { schema: { response: { 200: selfResourcesResponseSchema } } },
    async (request) => listOwnResources(db, requireViewer(request)),
  );
}
