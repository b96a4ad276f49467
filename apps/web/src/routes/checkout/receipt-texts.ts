import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of receipts and statements (issue 22): the billing details a school's receipt carries (settings and
 * checkout), the PDF receipt's download, and the yearly statements. Admins can override any key.
 */
export const RECEIPT_TEXTS = {
  "billing.section": "Billing details for receipts",
  "billing.sectionIntro":
    "Buying for a school? These go on your receipts and yearly statements. Leave them empty to show only your name.",
  "billing.organisation": "Organisation name",
  "billing.address": "Billing address",
  "billing.addressHint": "As it should appear on the receipt, on several lines if you like.",
  "billing.taxId": "Tax ID (VAT or EIN)",
  "billing.save": "Save billing details",
  "billing.disclosure": "Buying for a school? Add billing details for the receipt",
  "billing.checkoutIntro": "They appear on this purchase's receipt and PDF.",
  "billing.saveForNext": "Save for next time",
  "billing.saveForNextHint": "Keeps them in your account settings for your next receipts.",
  "billing.given": "Billed to {organisation}",
  "pdfReceipt.download": "Download PDF receipt",
  "pdfReceipt.downloadFor": "Download PDF receipt for {title}",
  "pdfReceipt.failed": "We could not download the PDF receipt. Try again.",
  "statements.title": "Statements",
  "statements.intro":
    "Everything you paid in a year (purchases, gifts, tips and donations) with refunds and totals, for your records or your school's bookkeeper.",
  "statements.year": "Year",
  "statements.summary": "{count} payments and refunds, {paid} paid, {refunded} refunded",
  "statements.summaryPaid": "{count} payments, {paid} paid",
  "statements.summaryOne": "1 payment, {paid} paid",
  "statements.summaryEmpty": "Nothing paid in {year} yet. The statement will be empty.",
  "statements.csv": "Download CSV",
  "statements.csvFor": "Download CSV of the {year} statement (for spreadsheets)",
  "statements.pdf": "Download PDF",
  "statements.pdfFor": "Download PDF of the {year} statement",
  "statements.loading": "Loading your statements",
  "statements.loadFailed": "We could not load your statements.",
  "statements.retry": "Try again",
  "statements.failed": "We could not download the statement. Try again.",
} as const satisfies Record<string, string>;

export type ReceiptTextKey = keyof typeof RECEIPT_TEXTS;
export type ReceiptTexts = (key: ReceiptTextKey, values?: Record<string, string>) => string;

export function useReceiptTexts(): ReceiptTexts {
  return useAreaTexts(RECEIPT_TEXTS);
}
