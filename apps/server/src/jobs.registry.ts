import { bulkEmailJob } from "./modules/bulk-email/bulk-email.job.ts";
import { refundMailJob } from "./modules/commerce/index.ts";
import { seatMailJob } from "./modules/licences/index.ts";
import { reviewMailJob } from "./modules/reviews/index.ts";
import { receiptMailJob } from "./modules/transactions/receipt-mail.job.ts";
import type { AppDeps } from "./platform/app-types.ts";
import type { JobDefinition } from "./platform/jobs.ts";

/**
 * Every durable job the server processes work. Modules add their definitions here
 * (bulk e-mail, payment receipts, preview generation) as they arrive.
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of many payload types
export const JOB_DEFINITIONS: JobDefinition<any>[] = [];

/** The definitions with the platform services their handlers need (the bulk e-mail's mailer and config). */
// biome-ignore lint/suspicious/noExplicitAny: as above
export function jobDefinitions(deps: Pick<AppDeps, "mailer" | "config">): JobDefinition<any>[] {
  return [
    ...JOB_DEFINITIONS,
    bulkEmailJob(deps),
    receiptMailJob(deps),
    reviewMailJob(deps),
    refundMailJob(deps),
    seatMailJob(deps),
  ];
}
