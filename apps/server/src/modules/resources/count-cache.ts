/**
 * Grid totals reused for a short while. A page of a grid is one indexed read, but counting its results
 * (up to RESULT_COUNT_CAP) can read ten thousand index entries; the home grid and popular filters are
 * asked for the same count many times a second, and a total a few seconds old is what a teacher expects
 * from "about 4,210 results". Per process, bounded, and bypassed entirely when the ttl is 0.
 */
export class CountCache {
  private readonly entries = new Map<string, { value: Promise<number>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<number>): Promise<number> {
    if (this.ttlMs <= 0) return load();
    const time = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > time) return hit.value;
    if (hit) this.entries.delete(key);
    // Concurrent requests for the same count share one query; a failed count is not kept.
    const value = load();
    value.catch(() => this.entries.delete(key));
    this.entries.set(key, { value, expires: time + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  /** Forget every count (after this process changed what the grids list). */
  clear() {
    this.entries.clear();
  }
}
