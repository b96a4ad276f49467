import { DONATION_PLACEMENTS } from "./enums.ts";

/**
 * The donation modal (spec 2, 3 Donation state, 4): /donation (reached from prompts, idle and logout, open
 * to visitors) and /donate (signed in), each with payment, completion and cancel children.
 */

/** Our decision (the spec names no bounds): $1 to $1,000 per donation. */
export const DONATION_LIMITS = { minCents: 100, maxCents: 100_000 } as const;

/** The amounts the modal offers in whole dollars, and the one chosen at first (our decision). */
export const DONATION_AMOUNTS_DOLLARS = [5, 10, 25, 50, 100] as const;
export const DEFAULT_DONATION_DOLLARS = 10;

export type DonationPlacement = (typeof DONATION_PLACEMENTS)[number];

/** Spec 3/4: "Donation state: placement (default prompt) ... Donation placement starts at prompt." */
export function donationPlacement(value: string | null | undefined): DonationPlacement {
  return (DONATION_PLACEMENTS as readonly string[]).includes(value ?? "")
    ? (value as DonationPlacement)
    : "prompt";
}

export function checkDonationAmountCents(cents: number): "invalid_donation_amount" | null {
  return Number.isInteger(cents) && cents >= DONATION_LIMITS.minCents && cents <= DONATION_LIMITS.maxCents
    ? null
    : "invalid_donation_amount";
}

/** The routes whose closing warns (spec 2): the donation payment and completion routes. */
const WARNING_ROUTES = [
  "/donation/payment",
  "/donation/payment/completed",
  "/donate/payment",
  "/donate/completed",
];

/**
 * Spec 2: "A closing warning on the donation modal applies on donation payment and completion routes, or
 * after user interaction."
 */
export function donationCloseWarns(input: { pathname: string; hasUserInteracted: boolean }): boolean {
  const path = input.pathname.replace(/\/+$/, "") || "/";
  return input.hasUserInteracted || WARNING_ROUTES.includes(path);
}

/** Which family a donation route belongs to: /donation (visitors too) or /donate (signed in). */
export function donationBase(pathname: string): "/donation" | "/donate" {
  return pathname.startsWith("/donation") ? "/donation" : "/donate";
}

/** Where each step of the modal lives within its family. */
export function donationPaths(base: "/donation" | "/donate") {
  return {
    start: base,
    payment: `${base}/payment`,
    completed: base === "/donation" ? "/donation/payment/completed" : "/donate/completed",
    cancel: `${base}/cancel`,
  };
}
