import { parseDollars } from "./money.ts";

/**
 * Price checks (spec 5 Price checks; spec 9: price range 1 to 100 dollars, a sale ends at most 30
 * days ahead). Amounts are integer cents. Each check returns the spec's numeric code (0 is fine);
 * priceErrorCodes turns them into the server's codes and priceFlags into the form's flags, so the
 * server and the form cannot disagree about what is wrong.
 */
export const PRICE_RULES = { minCents: 100, maxCents: 10_000, saleMaxDaysAhead: 30 } as const;

/** Dollars as a creator types them ("4.99", "$5", " 12 ") to cents; null when it is not an amount. */
export function dollarsToCents(input: string): number | null {
  return parseDollars(input);
}

function inPriceRange(cents: number): boolean {
  return Number.isInteger(cents) && cents >= PRICE_RULES.minCents && cents <= PRICE_RULES.maxCents;
}

/** No sale end: nothing typed, or the "0" that the original form stored for none. */
function isEmptySaleEnd(saleEnd: string): boolean {
  const value = saleEnd.trim();
  return value === "" || value === "0";
}

/** "Price: 0 is ok if there is no premium file, else error 1. Below 1 or above 100: error 1." */
export function checkPrice(priceCents: number, hasPremiumFile: boolean): 0 | 1 {
  if (priceCents === 0) return hasPremiumFile ? 1 : 0;
  return inPriceRange(priceCents) ? 0 : 1;
}

/**
 * "Sale price: 0 is ok if the sale end is empty, else error 3. Not below the price: error 2.
 * Below 1 or above 100: error 1." A sale end with a "*" counts as set here.
 */
export function checkSalePrice(salePriceCents: number, priceCents: number, saleEnd: string): 0 | 1 | 2 | 3 {
  if (salePriceCents === 0) return isEmptySaleEnd(saleEnd) ? 0 : 3;
  if (salePriceCents >= priceCents) return 2;
  return inPriceRange(salePriceCents) ? 0 : 1;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a valid calendar date, or null (2/30 and 13/1 are not dates). */
function dayNumber(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1) return null;
  // setUTCFullYear rather than Date.UTC, which would read years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return Math.round(date.getTime() / DAY_MS);
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A typed sale end, month/day/year with 1- or 2-digit month and day, as ISO "YYYY-MM-DD"; else null. */
export function parseSaleEnd(saleEnd: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(saleEnd.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (dayNumber(year, month, day) === null) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function isoDayNumber(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  return dayNumber(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** An ISO date as the form shows it, "MM/DD/YYYY" zero padded, which parseSaleEnd reads back. */
export function formatSaleEnd(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match || isoDayNumber(iso) === null) throw new RangeError(`not an ISO date: ${iso}`);
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/**
 * "Sale end: sale price 0 with a sale end set: error 5. A sale end containing * is accepted. Empty
 * or '0': error 3. Format must be month/day/year, else error 1. A past date: error 2. More than 30
 * days ahead: error 3." In that order. `today` is the ISO date in the site's time zone; today is
 * not past and today + 30 is still within. A sale price of 0 with no sale end is no sale: 0.
 */
export function checkSaleEnd(saleEnd: string, salePriceCents: number, today: string): 0 | 1 | 2 | 3 | 5 {
  const todayNumber = isoDayNumber(today);
  if (todayNumber === null) throw new RangeError(`today must be an ISO date, got ${today}`);
  const empty = isEmptySaleEnd(saleEnd);
  if (salePriceCents === 0) return empty ? 0 : 5;
  if (saleEnd.includes("*")) return 0;
  if (empty) return 3;
  const iso = parseSaleEnd(saleEnd);
  const end = iso === null ? null : isoDayNumber(iso);
  if (end === null) return 1;
  if (end < todayNumber) return 2;
  if (end - todayNumber > PRICE_RULES.saleMaxDaysAhead) return 3;
  return 0;
}

export type PriceErrorCode =
  | "invalid_price"
  | "invalid_sale_price"
  | "invalid_sale_price_high"
  | "sale_price_min_with_date"
  | "sale_end_invalid"
  | "sale_end_in_past"
  | "sale_end_not_within_thirty_days"
  | "sale_end_empty";

export interface PriceInput {
  priceCents: number;
  salePriceCents: number;
  saleEnd: string;
  hasPremiumFile: boolean;
  today: string;
}

/** The server's error code per field (spec 5 "Server-side price codes"); fields without one are absent. */
export function priceErrorCodes(
  input: PriceInput,
): Partial<Record<"price" | "sale_price" | "sale_end", PriceErrorCode>> {
  const codes: Partial<Record<"price" | "sale_price" | "sale_end", PriceErrorCode>> = {};
  if (checkPrice(input.priceCents, input.hasPremiumFile) === 1) codes.price = "invalid_price";

  const salePrice = checkSalePrice(input.salePriceCents, input.priceCents, input.saleEnd);
  if (salePrice === 1) codes.sale_price = "invalid_sale_price";
  else if (salePrice === 2) codes.sale_price = "invalid_sale_price_high";
  else if (salePrice === 3) codes.sale_price = "sale_price_min_with_date";

  const saleEnd = checkSaleEnd(input.saleEnd, input.salePriceCents, input.today);
  if (saleEnd === 1) codes.sale_end = "sale_end_invalid";
  else if (saleEnd === 2) codes.sale_end = "sale_end_in_past";
  else if (saleEnd === 3) {
    codes.sale_end = isEmptySaleEnd(input.saleEnd) ? "sale_end_empty" : "sale_end_not_within_thirty_days";
  } else if (saleEnd === 5) codes.sale_end = "sale_price_min_with_date";
  return codes;
}

/** The form's flags (spec 5 "Client flags"). */
export interface PriceFlags {
  dateInvalid: boolean;
  notInFuture: boolean;
  pastThirtyDays: boolean;
  priceTooHigh: boolean;
  salePriceTooHigh: boolean;
  salePriceHigherThanPrice: boolean;
}

export function priceFlags(input: PriceInput): PriceFlags {
  const saleEnd = checkSaleEnd(input.saleEnd, input.salePriceCents, input.today);
  return {
    dateInvalid: saleEnd === 1,
    notInFuture: saleEnd === 2,
    pastThirtyDays: saleEnd === 3 && !isEmptySaleEnd(input.saleEnd),
    priceTooHigh: input.priceCents > PRICE_RULES.maxCents,
    salePriceTooHigh: input.salePriceCents > PRICE_RULES.maxCents,
    salePriceHigherThanPrice: input.salePriceCents > 0 && input.salePriceCents >= input.priceCents,
  };
}

/** A resource's sale as stored: the sale price and its last day (ISO date), both set or neither. */
export interface StoredSale {
  sale_price: number | null;
  sale_end: string | null;
}

/**
 * Whether a stored sale counts on the site day `today` (ISO date in the site's time zone): a sale runs
 * until the end of its end date there. The server's SQL asks the same in SALE_RUNS (card-query.ts).
 */
export function saleRunsOn<T extends StoredSale>(
  sale: T,
  today: string,
): sale is T & { sale_price: number; sale_end: string } {
  return sale.sale_price !== null && sale.sale_end !== null && sale.sale_end >= today;
}

/** What a stored resource costs on the site day `today`: the sale price while its sale runs, else its price. */
export function priceOn(resource: StoredSale & { price: number }, today: string): number {
  return saleRunsOn(resource, today) ? resource.sale_price : resource.price;
}

/**
 * A resource's price as the API presents it: `sale_price` is set only while its sale runs (the server
 * decides by saleRunsOn, and charges the same: priceOn).
 */
export interface PresentedPrice {
  price: number;
  sale_price: number | null;
}

/** Whether it is on sale now. */
export function isOnSale(resource: PresentedPrice): boolean {
  return resource.sale_price !== null;
}

/** What buying it costs now: the running sale's price, else its price. */
export function priceToPay(resource: PresentedPrice): number {
  return resource.sale_price ?? resource.price;
}
