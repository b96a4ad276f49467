import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of the earnings screens (/earnings, /admin/accounting, /admin/exceptions/payouts). Admins can override
 * any key through the site texts; these are the defaults (the e2e journeys use them).
 */
export const EARNINGS_TEXTS = {
  "earnings.title": "Earnings",
  "earnings.balance": "Balance",
  "earnings.estimatedBalance": "Estimated balance",
  "earnings.eligibleBalance": "Available for payout",
  "earnings.pendingPayout": "Payout pending",
  "earnings.sections": "Earnings sections",
  "earnings.section.activity": "Activity",
  "earnings.section.data": "Data",
  "earnings.section.graph": "Graph",
  "earnings.section.payout": "Payout",
  "earnings.kind.sale": "Sale",
  "earnings.kind.gift": "Gift sale",
  "earnings.kind.tip": "Tip",
  "earnings.kind.referral": "Referral",
  "earnings.kind.feature": "Featuring",
  "earnings.tipFrom": "From @{username}",
  "earnings.tipFromWithNote": "From @{username}: “{note}”",
  "earnings.referral": "Bought through your link: {title}",
  "earnings.featured": "Featured: {title}",
  "earnings.loading": "Loading…",
  "earnings.loadFailed": "We could not load your earnings.",
  "earnings.empty": "No sales or tips yet. They appear here as they happen.",
  "earnings.activity": "Earnings activity",
  "earnings.receipt": "Receipt",
  "earnings.downloadCsv": "Download CSV",
  "earnings.column.date": "Date",
  "earnings.column.kind": "Kind",
  "earnings.column.what": "What",
  "earnings.column.amount": "Amount",
  "earnings.graph": "Earnings by month",
  "earnings.graphCaption": "Sales (dark) and tips (light) by month.",
  "earnings.availableNow": "Available for payout now: {amount}.",
  "earnings.holdRule": "Earnings become available {days} days after a sale or tip, from {minimum}.",
  "earnings.requestPayout": "Request payout",
  "earnings.payoutRequested": "Payout of {amount} requested. An admin pays it out.",
  "earnings.payouts": "Your payouts",
  "earnings.payoutPaid": "Paid {date}",
  "earnings.payoutStatus.requested": "requested",
  "earnings.payoutStatus.rejected": "rejected",
  "accounting.title": "Accounting",
  "accounting.from": "From",
  "accounting.to": "To",
  "accounting.downloadCsv": "Download CSV",
  "accounting.loading": "Loading…",
  "accounting.loadFailed": "We could not load the accounts.",
  "accounting.column.period": "Month",
  "accounting.column.sales": "Sales",
  "accounting.column.fees": "Platform fees",
  "accounting.column.tips": "Tips",
  "accounting.column.donations": "Donations",
  "accounting.column.adIncome": "Ad income",
  "accounting.column.featuring": "Featuring",
  "accounting.column.payouts": "Payouts",
  "accounting.trialBalance": "Trial balance",
  "accounting.balanced": "The books balance: every account together sums to zero.",
  "accounting.unbalanced": "The books do not balance.",
  "payouts.title": "Payouts to pay",
  "payouts.total": "Total requested: {amount}",
  "payouts.date": "Payout date",
  "payouts.none": "No payouts are waiting.",
  "payouts.list": "Requested payouts",
  "payouts.requestedBy": "{name} (@{username}) · requested {date}",
  "payouts.markPaid": "Mark paid",
  "payouts.markPaidOf": "Mark paid: @{username}",
  "payouts.reject": "Reject",
  "payouts.rejectOf": "Reject: @{username}",
  "payouts.paid": "Paid {amount} to @{username}.",
  "payouts.rejected": "Rejected the {amount} request from @{username}.",
} as const satisfies Record<string, string>;

export type EarningsTextKey = keyof typeof EARNINGS_TEXTS;
export type EarningsTexts = (key: EarningsTextKey, values?: Record<string, string>) => string;

/** The site's copy with the earnings defaults underneath. */
export function useEarningsTexts(): EarningsTexts {
  return useAreaTexts(EARNINGS_TEXTS);
}
