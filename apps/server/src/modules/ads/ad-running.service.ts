import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisements } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { servingChanged } from "../../platform/catalogue-changes.ts";
import { assertRunningChange, loadOwnAd } from "./ads.policy.ts";
import { presentAd } from "./ads.presenter.ts";

/** POST /advertisements/{id}/stop and /resume: the advertiser stops a running ad or resumes a stopped one (while its run days last). */
export async function setRunning(db: Db, viewer: Viewer, id: string, running: boolean) {
  const row = await loadOwnAd(db, viewer, id);
  assertRunningChange(row, running);
  const [updated] = await db
    .update(advertisements)
    .set({ running_status: running ? "running" : "stopped", updated_at: new Date() })
    .where(eq(advertisements.id, row.id))
    .returning();
  servingChanged(db);
  return presentAd(updated!, viewer);
}
