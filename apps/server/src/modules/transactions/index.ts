/**
 * What other modules use of the transactions module: the one checkout every money-moving call goes
 * through, posting a balanced ledger transaction, and a creator's earnings balance as the earnings page
 * derives it. Sales, tips, payouts and receipts stay its own.
 */
export { checkout } from "./checkout.service.ts";
export { earningsBalance } from "./earnings.service.ts";
export { postLedger } from "./ledger.service.ts";
export { salePageUrl } from "./receipt-mail.job.ts";
