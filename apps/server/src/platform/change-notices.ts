import { randomUUID } from "node:crypto";

/**
 * Notices that something every instance may hold in memory has changed, so that its short-lived
 * caches drop it: the public catalogue, the ad serving settings, the site's content, or one account
 * (deactivated, permissions or role changed, password changed, a session ended).
 *
 * One `ChangeNotices` per database handle: an instance that makes a change hears it at once, and every
 * other instance on the same PostgreSQL database hears it through LISTEN/NOTIFY on `market_changes`
 * within a few milliseconds of the commit. Account notices come from database triggers (migration
 * 0017), so no path that changes an account can forget to send one. When the listening connection is
 * down, the caches' time-to-live is the fallback (DECISIONS.md: "Caches across instances").
 */
export type ChangeKind = "catalogue" | "serving" | "site-content" | "account";

export interface ChangeNotice {
  kind: ChangeKind;
  /** The account an "account" notice is about. */
  userId?: string;
}

export const CHANGES_CHANNEL = "market_changes";

const KINDS = new Set<string>(["catalogue", "serving", "site-content", "account"]);

/** The database side: how notices are sent to the other instances and heard from them. */
export interface NoticeTransport {
  /**
   * Starts listening; `hear` receives each payload, including this instance's own, and `missed` is
   * called when notices may have been lost (the connection dropped and came back).
   */
  listen(hear: (payload: string) => void, missed: () => void): Promise<void>;
  publish(payload: string): Promise<void>;
  close(): Promise<void>;
}

export class ChangeNotices {
  private readonly listeners = new Map<ChangeKind, Set<(notice: ChangeNotice) => void>>();
  /** Marks this instance's own notices, which it has already delivered when it sent them. */
  private readonly origin = randomUUID();
  private listening: Promise<void> | null = null;

  constructor(private readonly transport: NoticeTransport | null = null) {}

  /** Calls `listener` on every notice of `kind`; returns the function that stops it. */
  on(kind: ChangeKind, listener: (notice: ChangeNotice) => void): () => void {
    let set = this.listeners.get(kind);
    if (!set) {
      set = new Set();
      this.listeners.set(kind, set);
    }
    set.add(listener);
    // Only a process that holds caches listens (a seed run or a migration never does).
    if (this.transport && !this.listening) {
      const hear = (payload: string) => this.hear(payload);
      const missed = () => {
        for (const kind of KINDS) this.deliver({ kind: kind as ChangeKind });
      };
      this.listening = this.transport.listen(hear, missed).catch((error) => {
        console.error("change notices: could not listen:", (error as Error).message);
      });
    }
    return () => set.delete(listener);
  }

  /** Resolves once the instance is listening (tests wait for it before changing things). */
  ready(): Promise<void> {
    return this.listening ?? Promise.resolve();
  }

  /**
   * This instance changed something (after its transaction committed): its own caches drop it now, and
   * the other instances when the notice reaches them.
   */
  announce(kind: Exclude<ChangeKind, "account">) {
    this.deliver({ kind });
    this.transport?.publish(JSON.stringify({ kind, from: this.origin })).catch((error) => {
      // The others then catch up when their entries expire.
      console.error("change notices: could not publish:", (error as Error).message);
    });
  }

  async close() {
    this.listeners.clear();
    await this.transport?.close();
  }

  private hear(payload: string) {
    let parsed: { kind?: unknown; userId?: unknown; from?: unknown };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (parsed.from === this.origin || typeof parsed.kind !== "string" || !KINDS.has(parsed.kind)) return;
    const notice: ChangeNotice = { kind: parsed.kind as ChangeKind };
    if (typeof parsed.userId === "string") notice.userId = parsed.userId;
    this.deliver(notice);
  }

  private deliver(notice: ChangeNotice) {
    for (const listener of this.listeners.get(notice.kind) ?? []) listener(notice);
  }
}

const byDatabase = new WeakMap<object, ChangeNotices>();

/** Gives a database handle its notices (db/client.ts, when it opens one). */
export function attachChangeNotices(db: object, transport: NoticeTransport | null): ChangeNotices {
  const notices = new ChangeNotices(transport);
  byDatabase.set(db, notices);
  return notices;
}

/** The notices of the instance that owns `db` (local only for a handle opened without them). */
export function changeNoticesOf(db: object): ChangeNotices {
  let notices = byDatabase.get(db);
  if (!notices) {
    notices = new ChangeNotices();
    byDatabase.set(db, notices);
  }
  return notices;
}
