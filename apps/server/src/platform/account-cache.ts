/**
 * The accounts behind recent tokens, kept a few seconds (ACCOUNT_CACHE_MS) so that a signed-in teacher's
 * requests do not each read their account and session first. Correctness across instances comes from
 * the account notices (change-notices.ts): deactivation, a permission, role or password change and an
 * ended session drop that user's entries on every instance within milliseconds of the commit; the
 * time-to-live bounds how long a token of a changed account can still pass if a notice is lost
 * (DECISIONS.md: "Caches across instances").
 */
interface Entry<V> {
  value: V;
  userId: string;
  expires: number;
}

export class AccountCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Counts drops, so a load begun before one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The account for `key` (a token's user and session), loaded when missing or expired. */
  async get(key: string, userId: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, { value, userId, expires: this.now() + this.ttlMs });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return value;
  }

  /** Forgets every entry of one account (it changed). */
  dropUser(userId: string) {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }
}
