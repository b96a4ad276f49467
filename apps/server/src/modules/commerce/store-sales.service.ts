import {
  addDays,
  checkStoreSaleDates,
  dayInZone,
  PROMOTION_LIST_MAX,
  promotionDay,
  STORE_SALE_OPEN_MAX,
  type StoreSale,
  type StoreSaleCreate,
  storeSaleState,
} from "@market/domain";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { storeSaleResources, storeSales } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { catalogueChanged } from "../../platform/catalogue-changes.ts";
import { AppError, notFound, validationFailed } from "../../platform/errors.ts";
import { checkChosenResources, chosenTitles, siteTimeZone } from "./promotion-scope.ts";

/**
 * A creator's store-wide sales (issue 22): a percentage off all (or the chosen) of their resources for
 * whole days of the site's time zone. Two sales of one creator may overlap: they never stack, the
 * highest percentage applies (pricing.service.ts runningStoreSales), so an overlap is not an error.
 * Cards, pages and the checkout read running sales as they are asked; starting or ending one drops the
 * visitors' cached grids and pages at once (catalogueChanged).
 */

type SaleRow = typeof storeSales.$inferSelect;

async function presentSales(db: Db, rows: SaleRow[], today: string): Promise<StoreSale[]> {
  const titles = await chosenTitles(
    db,
    "store_sale_resources",
    rows.filter((r) => !r.all_resources).map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    percentOff: row.percent_off,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    allResources: row.all_resources,
    resources: row.all_resources ? [] : (titles.get(row.id) ?? []),
    state: storeSaleState({ startsOn: row.starts_on, endsOn: row.ends_on }, today),
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * POST /sales: dates are the site's days (an ISO date-time counts as the day it falls on there); the sale
 * starts today or later and ends within 30 days of today (rules/promotions.ts checkStoreSaleDates).
 */
export async function createStoreSale(db: Db, viewer: Viewer, input: StoreSaleCreate): Promise<StoreSale> {
  const zone = await siteTimeZone(db);
  const today = dayInZone(new Date(), zone);
  const startsOn = promotionDay(input.startsAt, zone);
  const endsOn = promotionDay(input.endsAt, zone);
  if (!startsOn || !endsOn) {
    throw validationFailed({
      ...(startsOn ? {} : { startsAt: "invalid" }),
      ...(endsOn ? {} : { endsAt: "invalid" }),
    });
  }
  const problems = checkStoreSaleDates(startsOn, endsOn, today);
  if (Object.keys(problems).length > 0) {
    throw validationFailed(problems, "A sale starts today or later and ends within 30 days");
  }
  const chosen = input.resourceIds ? await checkChosenResources(db, input.resourceIds, viewer.id) : null;
  const row = await db.transaction(async (tx) => {
    // Counted under a lock of the creator's own row, so two sales started at once cannot both be the
    // one that passes the limit.
    await tx.execute(sql`select 1 from users where id = ${viewer.id} for update`);
    const open = await tx.$count(
      storeSales,
      and(eq(storeSales.users_id, viewer.id), gte(storeSales.ends_on, today)),
    );
    if (open >= STORE_SALE_OPEN_MAX) {
      throw new AppError(
        "conflict",
        `You can have ${STORE_SALE_OPEN_MAX} sales running or scheduled at once; end one first`,
      );
    }
    const [sale] = await tx
      .insert(storeSales)
      .values({
        users_id: viewer.id,
        percent_off: input.percentOff,
        all_resources: chosen === null,
        starts_on: startsOn,
        ends_on: endsOn,
      })
      .returning();
    if (chosen) {
      await tx
        .insert(storeSaleResources)
        .values(chosen.map((resource_id) => ({ sale_id: sale!.id, resource_id })));
    }
    return sale!;
  });
  catalogueChanged(db);
  const [presented] = await presentSales(db, [row], today);
  return presented!;
}

/** GET /sales/self: the viewer's sales, the latest ending first (store_sales_user_idx). */
export async function listOwnStoreSales(db: Db, viewer: Viewer): Promise<{ sales: StoreSale[] }> {
  const zone = await siteTimeZone(db);
  const rows = await db
    .select()
    .from(storeSales)
    .where(eq(storeSales.users_id, viewer.id))
    .orderBy(desc(storeSales.ends_on), desc(storeSales.created_at))
    .limit(PROMOTION_LIST_MAX);
  return { sales: await presentSales(db, rows, dayInZone(new Date(), zone)) };
}

/**
 * DELETE /sales/{id}: its creator ends it now. A running sale that began before today ends yesterday
 * (its days on sale stay in the history); one not yet begun, or begun only today, is removed, since a
 * sale is whole days and none of it is left to record. Ending an ended sale changes nothing. Another
 * creator's sale is 404, as if it did not exist.
 */
export async function endStoreSale(db: Db, viewer: Viewer, id: string): Promise<{ ended: true }> {
  const [row] = await db
    .select()
    .from(storeSales)
    .where(and(eq(storeSales.id, id), eq(storeSales.users_id, viewer.id)));
  if (!row) throw notFound("No such sale");
  const today = dayInZone(new Date(), await siteTimeZone(db));
  const state = storeSaleState({ startsOn: row.starts_on, endsOn: row.ends_on }, today);
  if (state === "ended") return { ended: true };
  if (row.starts_on < today) {
    await db
      .update(storeSales)
      .set({ ends_on: addDays(today, -1) })
      .where(eq(storeSales.id, row.id));
  } else {
    await db.delete(storeSales).where(eq(storeSales.id, row.id));
  }
  catalogueChanged(db);
  return { ended: true };
}
