/** Money is integer cents of USD everywhere; it becomes text only at the edge. */
export function formatMoney(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  if (cents === 0) return "Free";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  const rest = String(abs % 100).padStart(2, "0");
  return `${sign}$${dollars}.${rest}`;
}

/** Like formatMoney but shows $0.00 rather than "Free" (balances, totals). */
export function formatAmount(cents: number): string {
  return cents === 0 ? "$0.00" : formatMoney(cents);
}

/** Dollars typed by a person ("4.99", "$5") to cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}
