import pg from "pg";

/**
 * Requests that really overlap, for the tests of "twice at once". PGlite has one connection, so its
 * requests take turns and never meet inside the database; on PostgreSQL they may, but nothing makes
 * them. A hold makes them: it locks a table against writes (EXCLUSIVE: reads go on) from a connection
 * of its own, so every request stops at its first write there; `waiting(n)` resolves once n of them wait
 * on locks at the same time, which proves they overlapped, and `release()` lets them all go at once.
 */
export async function holdWrites(databaseUrl: string, table: string) {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("begin");
  await client.query(`lock table ${table} in exclusive mode`);
  let released = false;
  return {
    /** Waits (up to 10 s) until at least `n` other sessions of this database wait on a lock. */
    async waiting(n: number) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        // Inside a transaction the statistics views keep their first reading unless told to forget it.
        await client.query("select pg_stat_clear_snapshot()");
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (rows[0]!.n >= n) return;
        if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${n} requests reached ${table}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async release() {
      if (released) return;
      released = true;
      await client.query("commit");
      await client.end();
    },
  };
}

/**
 * Starts the requests while `table` is held and lets them go once `waiters` of them wait there together;
 * their answers, when all have finished. Without a database URL (PGlite) they simply run.
 */
export async function overlapping<T>(
  databaseUrl: string | undefined,
  table: string,
  waiters: number,
  start: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return start();
  const hold = await holdWrites(databaseUrl, table);
  const running = start();
  // Its failure is the caller's to see, once the hold is released; not an unhandled rejection before.
  running.catch(() => {});
  try {
    await hold.waiting(waiters);
  } finally {
    await hold.release();
  }
  return running;
}
