import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { CHANGES_CHANNEL, type NoticeTransport } from "../platform/change-notices.ts";

/** How long to wait before listening again after the listening connection is lost. */
const RECONNECT_MS = 1000;

/**
 * Change notices over PostgreSQL's LISTEN/NOTIFY: one connection of its own listens (a pooled one
 * would be handed to queries), sending goes through the pool. A lost connection is reopened; the
 * notices missed meanwhile are made up for by dropping everything once it is back.
 */
export function postgresNotices(connectionString: string, pool: pg.Pool): NoticeTransport {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const open = async (hear: (payload: string) => void, missed: () => void, again: boolean) => {
    const next = new pg.Client({ connectionString });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (closed) return;
      retry = setTimeout(() => {
        open(hear, missed, true);
      }, RECONNECT_MS);
      retry.unref();
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) hear(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      // Not listening yet (the database is restarting, say): try again, and meanwhile the caches'
      // time-to-live keeps them right.
      console.error("change notices: could not listen:", (error as Error).message);
      lost();
      return;
    }
    if (again) missed();
  };
  return {
    listen: (hear, missed) => open(hear, missed, false),
    async publish(payload) {
      await pool.query("select pg_notify($1, $2)", [CHANGES_CHANNEL, payload]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

/**
 * Change notices on the embedded database: one process, so this instance's own notices are already
 * delivered; listening hears those the database's triggers send (account changes).
 */
export function pgliteNotices(client: PGlite): NoticeTransport {
  let stop: (() => Promise<void>) | null = null;
  return {
    async listen(hear) {
      stop = await client.listen(CHANGES_CHANNEL, hear);
    },
    async publish() {},
    async close() {
      if (stop && !client.closed) await stop().catch(() => {});
      stop = null;
    },
  };
}
