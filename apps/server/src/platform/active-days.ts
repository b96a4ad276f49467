import { DEFAULT_SITE_SETTINGS } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * Records that a user made a signed-in request today (a day of the site's time zone), for the admin
 * statistics' active users. One insert per user per REFRESH_MS per process at most, so a busy user costs
 * nothing on most requests; a second instance or a restart only repeats an insert that changes nothing.
 */
const REFRESH_MS = 10 * 60_000;
const MAX_REMEMBERED = 100_000;
const lastNoted = new Map<string, number>();

export async function noteActiveDay(db: Db, userId: string, now = Date.now()): Promise<void> {
  const last = lastNoted.get(userId);
  if (last !== undefined && now - last < REFRESH_MS) return;
  if (lastNoted.size >= MAX_REMEMBERED) lastNoted.clear();
  lastNoted.set(userId, now);
  try {
    await db.execute(sql`
      insert into user_active_days (day, users_id)
      select (now() at time zone coalesce(
          (select value #>> '{}' from site_settings where key = 'timeZone'), ${DEFAULT_SITE_SETTINGS.timeZone}))::date,
        ${userId}
      on conflict do nothing`);
  } catch {
    // A statistic is not worth failing the user's request for; the next request records the day.
    lastNoted.delete(userId);
  }
}
