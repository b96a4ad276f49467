import { statisticsQuerySchema, statisticsResponseSchema } from "@market/domain";
import type { AppInstance } from "../../platform/app-types.ts";
import { statistics } from "./statistics.service.ts";

export async function statisticsRoutes(app: AppInstance) {
  app.get(
    "/admin/statistics",
    {
      config: { access: "admin" },
      schema: { querystring: statisticsQuerySchema, response: { 200: statisticsResponseSchema } },
    },
    async (request) => statistics(app.deps.db, request.query),
  );
}
