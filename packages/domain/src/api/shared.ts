import { z } from "../zod.ts";

/** Small schemas several groups of endpoints share, named once. */

/**
 * A path's `:id` for the things keyed by UUID (ads, messages and support threads, payouts, uploaded files
 * and previews): anything else is a 400 before any query.
 */
export const uuidParamsSchema = z.object({ id: z.uuid() });

/** A DELETE's answer when the thing is gone (an unpaid ad with its images, a help entry, an upload). */
export const deletedSchema = z.object({ deleted: z.literal(true) });
