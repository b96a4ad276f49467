import { resourceListQuerySchema, resourceListResponseSchema } from "@market/domain";
import type { AppInstance } from "../../app.ts";
import { listPublishedResources } from "./resource-list.service.ts";

export async function resourcesRoutes(app: AppInstance) {
  const { db } = app.deps;
  app.get(
    "/resources",
    {
      config: { access: "public" },
      schema: { querystring: resourceListQuerySchema, response: { 200: resourceListResponseSchema } },
    },
    async (request) => listPublishedResources(db, request.query),
  );
}
