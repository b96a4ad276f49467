/**
 * Answers reused for a short while, per process and bounded in number: grid totals (counting can read
 * ten thousand index entries, and a total a few seconds old is what a teacher expects), the running ads
 * and settings that ad serving reads on every page, and visitors' public answers. Concurrent requests
 * for the same key share one load; a failed load is not kept; a ttl of 0 turns the cache off. Owners
 * clear it when this process changes what it holds.
 *
 * With `staleMs`, an answer past its ttl is still given for that much longer while one reload runs in the
 * background (stale-while-revalidate): the served page's document, whose rebuild asks for three lists,
 * then never keeps a visitor waiting for it. A clear during the reload drops the reload's result.
 */
interface Entry<V> {
  value: Promise<V>;
  expires: number;
  /** Set once the load has resolved, so that a hit can be answered without waiting a tick. */
  settled?: { value: V };
  /** A background reload of this stale entry is under way. */
  reloading?: boolean;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Counts clears, so a reload begun before one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
    private readonly staleMs = 0,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const stale = this.staleEntry(key);
    if (stale) {
      this.reload(key, stale, load);
      return stale.value;
    }
    const hit = this.peekEntry(key);
    if (hit) return hit.value;
    const value = load();
    value.catch(() => this.entries.delete(key));
    this.store(key, value);
    return value;
  }

  /**
   * A fresh value that has already loaded, synchronously, or undefined (not cached, expired or still
   * loading): hot paths (the offline gate, ad serving) answer from it without a promise per request.
   */
  peekSettled(key: string): V | undefined {
    return this.peekEntry(key)?.settled?.value;
  }

  set(key: string, value: V) {
    if (this.ttlMs <= 0) return;
    this.store(key, Promise.resolve(value));
    const entry = this.entries.get(key);
    if (entry) entry.settled = { value };
  }

  clear() {
    this.entries.clear();
    this.generation += 1;
  }

  /** An entry past its ttl but within its stale time, loaded: given while it is reloaded. */
  private staleEntry(key: string) {
    const entry = this.entries.get(key);
    if (!entry?.settled || this.staleMs <= 0) return undefined;
    const now = this.now();
    return entry.expires <= now && entry.expires + this.staleMs > now ? entry : undefined;
  }

  private reload(key: string, entry: Entry<V>, load: () => Promise<V>) {
    if (entry.reloading) return;
    entry.reloading = true;
    const generation = this.generation;
    load().then(
      (value) => {
        if (generation === this.generation && this.entries.get(key) === entry) this.set(key, value);
      },
      // A failed reload leaves the stale answer for its remaining time; the next request tries again.
      () => {
        entry.reloading = false;
      },
    );
  }

  private peekEntry(key: string) {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.now();
    if (hit.expires > now) return hit;
    if (hit.expires + this.staleMs <= now) this.entries.delete(key);
    return undefined;
  }

  private store(key: string, value: Promise<V>) {
    const entry: Entry<V> = { value, expires: this.now() + this.ttlMs };
    value.then(
      (loaded) => {
        entry.settled = { value: loaded };
      },
      () => {},
    );
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
