import { bestSalePrice } from "@market/domain";
import type { Db } from "../../db/client.ts";
import { runningStoreSales } from "./pricing.service.ts";

/**
 * Cards and resource pages show the price the checkout charges (issue 22): the lower of a resource's own
 * running sale and its creator's running store-wide sale, with that sale's last day (rules/commerce.ts
 * bestSalePrice). Applied after the grid or page is built, so the catalogue's indexed queries stay as
 * they are: the price sort and the "On sale" filter read resources' own sale prices only (DECISIONS).
 * The visitors' caches keep the result; a sale started or ended drops them (catalogueChanged), and a
 * sale that begins or ends at midnight shows within their time to live (VISITOR_CACHE_MS, 2 s).
 */

/** What a card or a page carries of its price. */
interface Priced {
  id: string;
  price: number;
  sale_price: number | null;
  sale_end: string | null;
}

async function withBestSales<T extends Priced>(db: Db, items: T[]): Promise<T[]> {
  const paid = items.filter((item) => item.price > 0);
  if (paid.length === 0) return items;
  const sales = await runningStoreSales(
    db,
    paid.map((item) => item.id),
  );
  if (sales.size === 0) return items;
  return items.map((item) => {
    const store = sales.get(item.id);
    return store ? { ...item, ...bestSalePrice(item, store) } : item;
  });
}

/** A page of cards (any grid's) with each card's best running sale. */
export function withStoreSaleCards<T extends Priced>(db: Db, cards: T[]) {
  return withBestSales(db, cards);
}

/** A resource page with its best running sale. */
export async function withStoreSaleDetail<T extends Priced>(db: Db, detail: T): Promise<T> {
  const [priced] = await withBestSales(db, [detail]);
  return priced!;
}
