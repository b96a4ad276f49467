/**
 * Licences for colleagues (issue 23): a paid resource or bundle bought for 1 to 100 seats. The first seat is
 * the buyer's own and costs the price they would pay alone (after a sale, a coupon and a bundle's credit);
 * each further seat costs the additional-seat price, which the creator may set and which otherwise is the
 * site's `additionalSeatPercent` of the running price. The buyer gives the further seats to colleagues by
 * username or e-mail address, and may move a seat from one colleague to another once a month.
 */

export const LICENCE_LIMITS = {
  /** Seats one purchase may have, the buyer's own included. */
  maxSeats: 100,
  /** A seat a colleague held may be given to another colleague once in this many days. */
  moveEveryDays: 30,
  /** What the buyer types to name a colleague: a username or an e-mail address. */
  assigneeMax: 254,
} as const;

const DAY_MS = 86_400_000;

/**
 * The price of each seat after the first, in cents: the creator's own seat price when they set one (never
 * more than the running price, so a sale lowers it too), else `sitePercent` of the running price, rounded
 * half up. `saleCents` is the price before coupons and a bundle's credit: those are one buyer's, taken off
 * their own seat only.
 */
export function additionalSeatCents(saleCents: number, creatorSeatCents: number | null, sitePercent: number) {
  if (creatorSeatCents !== null) return Math.min(creatorSeatCents, saleCents);
  return Math.floor((saleCents * sitePercent + 50) / 100);
}

/** What a purchase of `seats` costs: the buyer's own seat and the colleagues' seats. */
export function licenceTotalCents(firstSeatCents: number, seatCents: number, seats: number) {
  return firstSeatCents + Math.max(0, seats - 1) * seatCents;
}

/** Seats a buyer may give to colleagues: all but their own. */
export const colleagueSeats = (seats: number) => Math.max(0, seats - 1);

/** Whether what the buyer typed names a colleague by e-mail address rather than by username. */
export const isEmailAssignee = (assignee: string) => assignee.includes("@");

/**
 * When a seat that a colleague held may be given to another colleague: a seat never moved may move at
 * once; a moved one, `moveEveryDays` after its last move. Null: now.
 */
export function seatMovableFrom(movedAt: Date | null, now: Date): Date | null {
  if (movedAt === null) return null;
  const from = new Date(movedAt.getTime() + LICENCE_LIMITS.moveEveryDays * DAY_MS);
  return from.getTime() > now.getTime() ? from : null;
}

/**
 * What a refund of a purchase gives back. A purchase for one seat, or one whose colleague seats are all
 * free, is refunded whole. Once a colleague holds (or is invited to) a seat, only the seats nobody holds
 * are refunded, at the seat price each was charged; the buyer's own seat and the colleagues' stay.
 */
export function licenceRefund(input: { seats: number; assignedSeats: number; seatCents: number }) {
  if (input.seats <= 1 || input.assignedSeats === 0) return { whole: true as const, seats: input.seats };
  const free = colleagueSeats(input.seats) - input.assignedSeats;
  return { whole: false as const, seats: free, amountCents: free * input.seatCents };
}
