import { LICENCE_LIMITS, licenceTotalCents } from "@market/domain";

/** Seats start at the buyer's own. */
export const MIN_SEATS = 1;

/** What the buyer typed as a number of seats: a whole number from 1 to 100, else null (not a count yet). */
export function parseSeats(text: string | null): number | null {
  if (text === null || !/^\s*\d+\s*$/.test(text)) return null;
  const seats = Number(text);
  return seats >= MIN_SEATS && seats <= LICENCE_LIMITS.maxSeats ? seats : null;
}

/** The seats a checkout opens with: `?seats=` when it is a count the checkout takes, else 1. */
export function initialSeatsText(fromAddress: string | null): string {
  return String(parseSeats(fromAddress) ?? MIN_SEATS);
}

/**
 * What the checkout charges (issue 23): the buyer's own seat (the price to pay, or an applied code's quote)
 * and each colleague's seat. An applied code's quote is the whole purchase's for the seats it was asked
 * for; while the seats differ from those, or are not a count, there is no amount to pay yet.
 */
export function checkoutPrice(input: {
  seats: number | null;
  /** The buyer's own seat without a code (the running price). */
  ownSeatCents: number;
  seatPriceCents: number;
  coupon: { priceCents: number; seats: number } | null;
}): { amount: number | null; firstSeatCents: number; quotePending: boolean } {
  const { seats, ownSeatCents, seatPriceCents, coupon } = input;
  const quoteFits = coupon !== null && seats !== null && coupon.seats === seats;
  const firstSeatCents =
    quoteFits && seats !== null ? coupon.priceCents - (seats - 1) * seatPriceCents : ownSeatCents;
  const quotePending = coupon !== null && seats !== null && !quoteFits;
  if (seats === null || quotePending) return { amount: null, firstSeatCents, quotePending };
  return { amount: licenceTotalCents(firstSeatCents, seatPriceCents, seats), firstSeatCents, quotePending };
}
