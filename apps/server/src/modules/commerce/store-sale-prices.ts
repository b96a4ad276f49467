import { bestSalePrice } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { onCatalogueChange } from "../../platform/catalogue-changes.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { runningStoreSales, SITE_TODAY } from "./pricing.service.ts";

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

/**
 * How long the set of creators with a store-wide sale running today is kept. A sale started, changed or
 * ended drops it at once (catalogueChanged, on every instance); only a sale beginning or ending at
 * midnight waits for it, as the visitors' cached pages do. The checkout never reads it: it prices with
 * runningStoreSales itself.
 */
const CREATORS_ON_SALE_MS = 5_000;

const creatorsOnSale = new WeakMap<Db, TtlCache<ReadonlySet<string>>>();

/**
 * The creators running a store-wide sale today. Few creators run one at a time, so most pages of cards
 * have no card of theirs and need no look-up at all (issue 19: the look-up was a second statement on
 * every grid page and search).
 */
function creatorsWithStoreSale(db: Db): Promise<ReadonlySet<string>> {
  let kept = creatorsOnSale.get(db);
  if (!kept) {
    const cache = new TtlCache<ReadonlySet<string>>(CREATORS_ON_SALE_MS, 1);
    onCatalogueChange(db, () => cache.clear());
    creatorsOnSale.set(db, cache);
    kept = cache;
  }
  const known = kept.peekSettled("");
  if (known) return Promise.resolve(known);
  return kept.get("", async () => {
    const rows = await db.execute<{ users_id: string }>(
      sql`select distinct users_id from store_sales where starts_on <= ${SITE_TODAY} and ends_on >= ${SITE_TODAY}`,
    );
    return new Set(rows.rows.map((row) => row.users_id));
  });
}

async function withBestSales<T extends Priced>(
  db: Db,
  items: T[],
  creatorOf: (item: T) => string,
): Promise<T[]> {
  if (!items.some((item) => item.price > 0)) return items;
  const onSale = await creatorsWithStoreSale(db);
  const paid = items.filter((item) => item.price > 0 && onSale.has(creatorOf(item)));
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
export function withStoreSaleCards<T extends Priced & { creator: { id: string } }>(db: Db, cards: T[]) {
  return withBestSales(db, cards, (card) => card.creator.id);
}

/** A resource page (by `creatorId`) with its best running sale. */
export async function withStoreSaleDetail<T extends Priced>(
  db: Db,
  detail: T,
  creatorId: string,
): Promise<T> {
  const [priced] = await withBestSales(db, [detail], () => creatorId);
  return priced!;
}
