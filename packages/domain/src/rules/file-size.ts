/**
 * File sizes in B, KB, MB and GB (spec section 1). Decimal units, because the spec's own limits
 * are decimal (maxCombinedFileSize x 1,000,000 bytes; preview max 1,000,000 bytes).
 */
const UNITS = ["B", "KB", "MB", "GB"] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`not a file size: ${bytes}`);
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${bytes} B`;
  const shown = value >= 100 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${UNITS[unit]}`;
}
