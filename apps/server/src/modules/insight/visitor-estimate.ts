/**
 * Distinct visitors of a long, busy period, estimated (HyperLogLog) from the creators' daily sketches
 * (creator_visitor_sketches, migration 0023) instead of counted from millions of marks: a year of a
 * creator with thousands of visitors a day is 365 rows of 1 KB, merged here. Periods with fewer views
 * than INSIGHT_EXACT_VISITORS are counted exactly (DECISIONS "insight").
 */

/** Registers per sketch: the low 10 bits of a visitor's hash; standard error ≈ 3.3%. */
export const INSIGHT_HLL_REGISTERS = 1024;

/**
 * Up to this many views in the period (an upper bound of its marks), distinct visitors are counted
 * exactly from the marks (well under 100 ms); above it, they are estimated.
 */
export const INSIGHT_EXACT_VISITORS = 200_000;

const ALPHA = 0.7213 / (1 + 1.079 / INSIGHT_HLL_REGISTERS);

/**
 * The estimate from one sketch's summary: how many registers are set and the sum of 2^-rank over them
 * (registers not set count 2^0 each). Small counts use linear counting, as HyperLogLog's authors advise.
 */
export function estimateVisitors(setRegisters: number, sumOfPowers: number): number {
  const m = INSIGHT_HLL_REGISTERS;
  const zeros = m - setRegisters;
  const raw = (ALPHA * m * m) / (sumOfPowers + zeros);
  if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
  return Math.round(raw);
}

const RANK_BITS = (1n << 54n) - 1n;

/**
 * Where a visitor lands in a sketch: its register (the hash's low 10 bits) and rank (1 + the trailing zero
 * bits above them; 55 when none is set). The database's insight_register and insight_register_rank
 * (migration 0023, for the demo seed) compute the same.
 */
export function sketchPlace(visitor: bigint): { register: number; rank: number } {
  const register = Number(visitor & 1023n);
  let rest = (visitor >> 10n) & RANK_BITS;
  if (rest === 0n) return { register, rank: 55 };
  let rank = 1;
  while ((rest & 1n) === 0n) {
    rest >>= 1n;
    rank += 1;
  }
  return { register, rank };
}

/** Merges sketches (each register's highest rank) and estimates their distinct visitors. */
export function estimateFromSketches(sketches: readonly Uint8Array[]): number {
  if (sketches.length === 0) return 0;
  const merged = new Uint8Array(INSIGHT_HLL_REGISTERS);
  for (const sketch of sketches) {
    for (let i = 0; i < INSIGHT_HLL_REGISTERS; i++) if (sketch[i]! > merged[i]!) merged[i] = sketch[i]!;
  }
  let set = 0;
  let sum = 0;
  for (const rank of merged) {
    if (rank > 0) {
      set += 1;
      sum += 2 ** -rank;
    }
  }
  return estimateVisitors(set, sum);
}
