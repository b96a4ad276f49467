import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import type { RateLimit } from "../../platform/rate-limit.ts";
import { createCoupon, endCoupon, listOwnCoupons, listSiteCoupons, quoteCoupon } from "./coupons.service.ts";
import { createStoreSale, endStoreSale, listOwnStoreSales } from "./store-sales.service.ts";

/**
 * Trying codes through the quote is guessing them: a buyer gets a few tries a minute, more than anybody
 * typing a code they were given needs.
 */
const QUOTE_LIMIT: RateLimit = { name: "coupon-quote", max: 30, windowMs: 60_000, per: "user" };

/** Store-wide sales and coupon codes (issue 22): signed-in calls; the site's codes are the admins'. */
export async function promotionsRoutes(app: AppInstance) {
  const { db } = app.deps;

  route(app, "POST /sales", {}, async (request) => createStoreSale(db, requireViewer(request), request.body));
  route(app, "GET /sales/self", {}, async (request) => listOwnStoreSales(db, requireViewer(request)));
  route(app, "DELETE /sales/:id", {}, async (request) =>
    endStoreSale(db, requireViewer(request), request.params.id),
  );

  route(app, "POST /coupons", {}, async (request) => createCoupon(db, requireViewer(request), request.body));
  route(app, "GET /coupons/self", {}, async (request) => listOwnCoupons(db, requireViewer(request)));
  route(app, "GET /admin/coupons", { config: { access: "admin" } }, async () => listSiteCoupons(db));
  route(app, "DELETE /coupons/:id", {}, async (request) =>
    endCoupon(db, requireViewer(request), request.params.id),
  );
  route(app, "GET /coupons/:code/quote", { config: { rateLimit: QUOTE_LIMIT } }, async (request) =>
    quoteCoupon(db, requireViewer(request), request.params.code, request.query),
  );
}
