import { BILLING_LIMITS } from "../rules/commerce.ts";
import { z } from "../zod.ts";

/** One part of the billing details: trimmed, at most `max` characters, and null when left empty. */
const part = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * A buyer's organisation details for receipts (issue 22): an organisation name, a billing address (lines
 * kept) and a tax id (VAT or EIN). Every part optional; given once in the settings or at checkout.
 * One schema for the settings call, the checkout's purchase call and both forms.
 */
export const billingDetailsSchema = z.object({
  organisation: part(BILLING_LIMITS.organisationMax),
  address: part(BILLING_LIMITS.addressMax),
  taxId: part(BILLING_LIMITS.taxIdMax),
});
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;

/** No billing details: what an account has until its owner gives some. */
export const NO_BILLING_DETAILS = { organisation: null, address: null, taxId: null } as const;
