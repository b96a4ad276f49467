import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { estimateFromSketches, INSIGHT_HLL_REGISTERS, sketchPlace } from "./visitor-estimate.ts";

function sketchOf(visitors: bigint[]): Uint8Array {
  const sketch = new Uint8Array(INSIGHT_HLL_REGISTERS);
  for (const v of visitors) {
    const { register, rank } = sketchPlace(v);
    sketch[register] = Math.max(sketch[register]!, rank);
  }
  return sketch;
}

const visitorsOf = (n: number, salt: string) =>
  Array.from({ length: n }, (_, i) =>
    createHmac("sha256", salt).update(String(i)).digest().readBigInt64BE(0),
  );

describe("insight: estimating distinct visitors", () => {
  it("is within a few percent from a handful of visitors to a million", () => {
    for (const n of [1, 10, 500, 5_000, 50_000, 400_000]) {
      const estimate = estimateFromSketches([sketchOf(visitorsOf(n, `salt-${n}`))]);
      expect(Math.abs(estimate - n) / n, `${n} visitors estimated ${estimate}`).toBeLessThan(0.08);
    }
    expect(estimateFromSketches([])).toBe(0);
    expect(estimateFromSketches([new Uint8Array(INSIGHT_HLL_REGISTERS)])).toBe(0);
  });

  it("merges days: a visitor of several days is one", () => {
    const everyone = visitorsOf(20_000, "merge");
    const days = [everyone.slice(0, 12_000), everyone.slice(8_000)].map(sketchOf);
    const estimate = estimateFromSketches(days);
    expect(Math.abs(estimate - 20_000) / 20_000).toBeLessThan(0.08);
  });

  it("places a visitor as the database's insight_register and insight_register_rank do", () => {
    expect(sketchPlace(0n)).toEqual({ register: 0, rank: 55 });
    expect(sketchPlace(1024n)).toEqual({ register: 0, rank: 1 });
    expect(sketchPlace(2048n)).toEqual({ register: 0, rank: 2 });
    expect(sketchPlace(3072n)).toEqual({ register: 0, rank: 1 });
    expect(sketchPlace(8192n)).toEqual({ register: 0, rank: 4 });
    expect(sketchPlace(-1n)).toEqual({ register: 1023, rank: 1 });
  });
});
