import { type DonationPlacement, donationPlacement } from "@market/domain";
import { useSyncExternalStore } from "react";
import { ACCOUNT_STORAGE_KEYS } from "./post-login.ts";

/**
 * The donation modal's state (spec 3, Donation state): placement (default prompt), amount, whether the
 * user interacted (which turns on the closing warning), and extraUsers. It outlives one route so the
 * amount chosen on /donation is still there on its payment step.
 */
export interface DonationState {
  placement: DonationPlacement;
  /** Cents, or null before a choice. */
  amount: number | null;
  hasUserInteracted: boolean;
  /** Creators a donation screen may also thank (spec 3); none are added yet. */
  extraUsers: string[];
}

const initial: DonationState = {
  placement: "prompt",
  amount: null,
  hasUserInteracted: false,
  extraUsers: [],
};
let state = initial;
const listeners = new Set<() => void>();

export const donationState = {
  get: () => state,
  update(patch: Partial<DonationState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  },
  reset() {
    state = initial;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useDonationState(): DonationState {
  return useSyncExternalStore(donationState.subscribe, donationState.get, donationState.get);
}

/** The placement a donation route was opened with (?placement=idle from the idle redirect, and so on). */
export function placementFromSearch(search: string): DonationPlacement {
  return donationPlacement(new URLSearchParams(search).get("placement"));
}

/**
 * A visitor who chooses an amount signs in first; the amount waits in local storage, and after login the
 * post-login order (spec 4, step 4) opens /donate/payment, which takes it from here.
 */
export function storeDonateAmountForLogin(cents: number): void {
  localStorage.setItem(ACCOUNT_STORAGE_KEYS.donateAmount, String(cents));
}

export function takeStoredDonateAmount(): number | null {
  const stored = Number(localStorage.getItem(ACCOUNT_STORAGE_KEYS.donateAmount));
  localStorage.removeItem(ACCOUNT_STORAGE_KEYS.donateAmount);
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}
