/**
 * Answers reused for a short while, per process and bounded in number: grid totals (counting can read
 * ten thousand index entries, and a total a few seconds old is what a teacher expects), the running ads
 * and settings that ad serving reads on every page, and visitors' public answers. Concurrent requests
 * for the same key share one load; a failed load is not kept; a ttl of 0 turns the cache off. Owners
 * clear it when this process changes what it holds.
 */
interface Entry<V> {
  value: Promise<V>;
  expires: number;
  /** Set once the load has resolved, so that a hit can be answered without waiting a tick. */
  settled?: { value: V };
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
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
  }

  private peekEntry(key: string) {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires > this.now()) return hit;
    this.entries.delete(key);
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
