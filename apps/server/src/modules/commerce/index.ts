/**
 * What other modules use of the commerce module (issue 22): its routes for app.ts, and the best running
 * sale that cards and resource pages show (the resources module applies it after building them).
 * Its pricing, sales and codes stay its own.
 */
export { type BuyerQuote, type CouponRow, giftSingleSeat, quoteFor, SITE_TODAY } from "./pricing.service.ts";
export { promotionsRoutes } from "./promotions.routes.ts";
export { refundMailJob } from "./refund-mail.job.ts";
export { refundsRoutes } from "./refunds.routes.ts";
export { withStoreSaleCards, withStoreSaleDetail } from "./store-sale-prices.ts";
