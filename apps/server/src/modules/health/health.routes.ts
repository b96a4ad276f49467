import { healthResponseSchema } from "@market/domain";
import { sql } from "drizzle-orm";
import type { AppInstance } from "../../platform/app-types.ts";

export async function healthRoutes(app: AppInstance) {
  app.get(
    "/health",
    {
      config: { access: "public", availableOffline: true },
      schema: { response: { 200: healthResponseSchema } },
    },
    async () => {
      await app.deps.db.execute(sql`select 1`);
      return { status: "ok" as const, database: "ok" as const };
    },
  );
}
