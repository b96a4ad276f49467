const UNITS = [
  { size: 1_000_000_000, suffix: "b" },
  { size: 1_000_000, suffix: "m" },
  { size: 1_000, suffix: "k" },
] as const;

/**
 * Large numbers abbreviated with k, m and b (spec section 1): 999 -> "999", 1200 -> "1.2k",
 * 15_300_000 -> "15.3m". One decimal at most, dropped when it is zero; never rounds up into
 * a wrong unit label (999_999 -> "999.9k", not "1000k").
 */
export function abbreviateNumber(value: number): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  for (const { size, suffix } of UNITS) {
    if (abs >= size) {
      const tenths = Math.floor((abs / size) * 10) / 10;
      return `${sign}${trimZero(tenths)}${suffix}`;
    }
  }
  return `${sign}${Math.floor(abs)}`;
}

function trimZero(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
