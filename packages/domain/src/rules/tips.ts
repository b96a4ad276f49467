import { DEFAULT_TIP_INDEX, TIP_AMOUNTS } from "./limits.ts";

/**
 * Tips (spec 5 Tips, spec 3 Tip draft, spec 9): "Amounts: 1, 2, 3, 4, 5, 10, 25, 50, 100; default index
 * 4 (amount 5); a custom amount of -1 means unset." The modal keeps a TipDraft; the server turns it into
 * cents with tipAmountCents and refuses what checkTipAmountCents refuses. Money is integer cents.
 *
 * DEFAULT_TIP_INDEX is limits.ts's, re-exported here so that the tip rules read as one place and the
 * two cannot drift apart.
 */
export { DEFAULT_TIP_INDEX };

/** The preset amounts in whole dollars, as the spec lists them (the same list as limits.ts TIP_AMOUNTS). */
export const TIP_AMOUNTS_DOLLARS = TIP_AMOUNTS;

/** The custom amount that means "none typed" (spec 5 Tips). */
export const CUSTOM_TIP_UNSET = -1;

/**
 * Custom tips run from $1 to $500. The spec gives no bounds; these are our decision: $1 is the
 * smallest preset (below it card fees eat the tip), and $500 is five times the largest preset, enough
 * for a generous thank-you while capping what a mistyped amount can charge a teacher's card.
 */
export const TIP_LIMITS = { minCents: 100, maxCents: 50_000 } as const;

export interface TipDraft {
  /** Index into TIP_AMOUNTS_DOLLARS. */
  tipIndex: number;
  /** A custom amount in dollars, or CUSTOM_TIP_UNSET (-1). */
  tipAmount: number;
  tipNote: string;
  recipientId: string;
  recipientUsername: string;
  recipientName: string;
}

/** The server's single question about any tip amount: whole cents within TIP_LIMITS. */
export function checkTipAmountCents(cents: number): "invalid_tip_amount" | null {
  return Number.isInteger(cents) && cents >= TIP_LIMITS.minCents && cents <= TIP_LIMITS.maxCents
    ? null
    : "invalid_tip_amount";
}

/**
 * The tip in cents. A typed custom amount (anything but CUSTOM_TIP_UNSET) wins over the preset index,
 * because typing is the later, more deliberate choice; an invalid custom amount then gives null rather
 * than quietly falling back to a preset the teacher did not pick. Null too when the custom amount is
 * unset and the index is not a preset.
 *
 * Dollars are floats, so "whole cents" is tested exactly: 7.01 becomes 701 because 701 / 100 is the same
 * double as 7.01, while 7.015 has no such integer and is refused.
 */
export function tipAmountCents(tipIndex: number, customDollars: number): number | null {
  if (customDollars !== CUSTOM_TIP_UNSET) {
    const cents = Math.round(customDollars * 100);
    if (!Number.isFinite(customDollars) || cents / 100 !== customDollars) return null;
    return checkTipAmountCents(cents) === null ? cents : null;
  }
  if (!Number.isInteger(tipIndex)) return null;
  const dollars = TIP_AMOUNTS_DOLLARS[tipIndex];
  return dollars === undefined ? null : dollars * 100;
}

/**
 * A tip note is at most 280 characters: our decision (the spec names the field, not a limit), the
 * length of a short message, which keeps a note a note. Characters are counted as code points, as
 * PostgreSQL counts them, so an emoji is one. No note at all is fine.
 */
export const TIP_NOTE_MAX = 280;

export function checkTipNote(note: string | null | undefined): "too_long" | null {
  if (note == null) return null;
  return Array.from(note).length > TIP_NOTE_MAX ? "too_long" : null;
}

/** One tip to several creators (POST /transactions/tip/multiple) thanks at most this many (our decision). */
export const TIP_MULTIPLE_MAX_RECIPIENTS = 20;

/** Spec 4: "Deactivated users cannot close the tip modal, except on the tip summary." */
export function tipModalClosable(input: { deactivated: boolean; onSummary: boolean }): boolean {
  return !input.deactivated || input.onSummary;
}
