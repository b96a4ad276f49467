import { proTipResponseSchema } from "@market/domain";
import { sql } from "drizzle-orm";
import type { AppInstance } from "../../app.ts";

export async function helpRoutes(app: AppInstance) {
  const { db } = app.deps;
  app.get(
    "/help/random-pro-tip",
    { config: { access: "public" }, schema: { response: { 200: proTipResponseSchema } } },
    async () => {
      // Pro tips are few (tens); random() over the partial index is cheap at that size.
      const result = await db.execute<{ id: string; title: string; body: string }>(sql`
      select id, short_title as title, body from help_entries where is_pro_tip order by random() limit 1`);
      return { proTip: result.rows[0] ?? null };
    },
  );
}
