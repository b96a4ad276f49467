import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { attachChangeNotices } from "../platform/change-notices.ts";
import { pgliteNotices, postgresNotices } from "./notice-transports.ts";
import * as schema from "./schema/index.ts";

// Dates as ISO strings and bigints as numbers, the same on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

/** A transaction of `db`, as `db.transaction(async (tx) => ...)` hands it over: what a step inside one takes. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is "memory://"). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  pglite?: PGlite;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on("error", (error) => console.error("database connection lost:", error.message));
    const db = drizzlePg(pool, { schema });
    const notices = attachChangeNotices(db, postgresNotices(opts.databaseUrl, pool));
    return {
      db,
      engine: "postgres",
      close: async () => {
        await notices.close();
        if (!pool.ended) await pool.end();
      },
    };
  }
  const client =
    opts.pglite ?? (await PGlite.create(opts.dataDir ?? "memory://", { extensions: PGLITE_EXTENSIONS }));
  // Both drivers expose the same query builder; the node-postgres type is the one the code is written against.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const notices = attachChangeNotices(db, pgliteNotices(client));
  return {
    db,
    engine: "pglite",
    close: async () => {
      await notices.close();
      if (!client.closed) await client.close();
    },
  };
}
