import { sql } from "drizzle-orm";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";

export async function healthRoutes(app: AppInstance) {
  route(app, "GET /health", { config: { access: "public", availableOffline: true } }, async () => {
    await app.deps.db.execute(sql`select 1`);
    return { status: "ok" as const, database: "ok" as const };
  });
}
