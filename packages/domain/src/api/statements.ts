import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { saleParamsSchema } from "./transactions.ts";

/** The first year a statement can be asked for; a later one with nothing in it is an empty statement. */
export const STATEMENT_FIRST_YEAR = 2000;
export const STATEMENT_LAST_YEAR = 2999;

/** A calendar year in the path ("/activity/statements/2026.csv"): four digits, in the years we keep. */
export const statementParamsSchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/)
    .transform(Number)
    .pipe(z.number().int().min(STATEMENT_FIRST_YEAR).max(STATEMENT_LAST_YEAR)),
});

/** A year the signed-in user paid something in (and always the current year), newest first. */
export const statementYearSchema = z.object({
  year: z.number().int(),
  /** How many lines its statement has: purchases, gifts, tips, donations and refunds. */
  lines: z.number().int(),
  /** Paid in that year, in cents, and refunded in it (a positive amount). */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type StatementYear = z.infer<typeof statementYearSchema>;

export const statementYearsResponseSchema = z.object({ years: z.array(statementYearSchema) });
export type StatementYearsResponse = z.infer<typeof statementYearsResponseSchema>;

/** Receipts as PDF documents and the yearly statements of what a user paid (issue 22). */
export const statementEndpoints = defineEndpoints({
  "GET /activity/transactions/:saleId/receipt.pdf": {
    summary: "A purchase's receipt as a PDF document, for its buyer and admins.",
    params: saleParamsSchema,
    response: "file",
  },
  "GET /activity/statements": {
    summary: "The years the signed-in user paid something in, with their totals.",
    response: statementYearsResponseSchema,
  },
  "GET /activity/statements/:year.csv": {
    summary: "Everything the signed-in user paid in a calendar year (site time zone), as CSV.",
    params: statementParamsSchema,
    response: "file",
  },
  "GET /activity/statements/:year.pdf": {
    summary: "Everything the signed-in user paid in a calendar year (site time zone), as a PDF document.",
    params: statementParamsSchema,
    response: "file",
  },
});
