import { CUSTOM_TIP_UNSET, checkDonationAmountCents, parseDollars, tipAmountCents } from "@market/domain";
import { z } from "@market/domain/zod";

/**
 * Amounts as people type them, in dollars, checked by the domain's rules before they become the cents an
 * endpoint takes. The checks are refinements, not transforms: a refused amount must not stop the payment
 * form's own checks from running beside it (zod skips an object's refinements after a failed transform).
 * The messages are the domain's codes; each screen says them in its own words.
 */

/** A donation typed in dollars: its cents when the domain's limits (checkDonationAmountCents) allow it. */
export function donationCents(dollars: string): number | null {
  const cents = parseDollars(dollars);
  return cents !== null && checkDonationAmountCents(cents) === null ? cents : null;
}

/** The tip chosen: a typed amount wins over the preset, as tipAmountCents decides; null when refused. */
export function tipCents(tipIndex: number, custom: string): number | null {
  const dollars = custom.trim() === "" ? CUSTOM_TIP_UNSET : Number(custom);
  return tipAmountCents(tipIndex, Number.isFinite(dollars) ? dollars : Number.NaN);
}

export const donationDollarsSchema = z
  .string()
  .refine((dollars) => donationCents(dollars) !== null, { message: "invalid_donation_amount" });

/** Another amount beside the presets: left empty, the preset chosen stands. */
export const otherDonationDollarsSchema = z
  .string()
  .refine((dollars) => dollars.trim() === "" || donationCents(dollars) !== null, {
    message: "invalid_donation_amount",
  });

export const otherTipDollarsSchema = z
  .string()
  .refine((dollars) => dollars.trim() === "" || tipCents(0, dollars) !== null, {
    message: "invalid_tip_amount",
  });
