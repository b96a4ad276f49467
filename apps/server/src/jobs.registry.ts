import type { JobDefinition } from "./platform/jobs.ts";

/**
 * Every durable job the server processes work. Modules add their definitions here
 * (bulk e-mail, preview generation) as they arrive.
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of many payload types
export const JOB_DEFINITIONS: JobDefinition<any>[] = [];
