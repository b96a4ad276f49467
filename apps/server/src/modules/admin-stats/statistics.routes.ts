import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { statistics } from "./statistics.service.ts";

export async function statisticsRoutes(app: AppInstance) {
  route(app, "GET /admin/statistics", { config: { access: "admin" } }, async (request) =>
    statistics(app.deps.db, request.query),
  );
}
