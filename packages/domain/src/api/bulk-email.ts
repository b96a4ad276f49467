import { BULK_EMAIL_LIMITS } from "../rules/bulk-email.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";

/** POST /api/users/bulk-email (admin only): starts sending one message to every active user. */
export const bulkEmailRequestSchema = z.object({
  subject: z.string().trim().min(1).max(BULK_EMAIL_LIMITS.subjectMax),
  /** Rich text (spec 2): only links and line breaks render, in the mail as on the site. */
  body: z.string().trim().min(1).max(BULK_EMAIL_LIMITS.bodyMax),
});
export type BulkEmailRequest = z.infer<typeof bulkEmailRequestSchema>;

export const bulkSendSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkSend = z.infer<typeof bulkSendSchema>;

const count = z.number().int().min(0);

/** Spec 3 "Other state": bulkSend and progress with emailsSent, totalUsers, totalActiveUsers, totalUsersRemaining. */
export const bulkEmailStateSchema = z.object({
  /** The latest send, or null when none was ever made. */
  bulkSend: bulkSendSchema.nullable(),
  /** The latest send's progress; with none, who a new send would reach. */
  progress: z.object({
    emailsSent: count,
    totalUsers: count,
    totalActiveUsers: count,
    totalUsersRemaining: count,
    unconfirmed: count,
    failed: count,
    percent: z.number().int().min(0).max(100),
  }),
  /** Who a new send would reach now; null while a send runs (a new one cannot start then). */
  audience: z.object({ totalUsers: count, totalActiveUsers: count }).nullable(),
});
export type BulkEmailState = z.infer<typeof bulkEmailStateSchema>;

/** POST /api/users/unsubscribe (public): the signed token of the link in every bulk e-mail. */
export const unsubscribeRequestSchema = z.object({ token: z.string().min(10).max(200) });
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

export const unsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true) });

/** Admins' bulk e-mail, and the unsubscribe link of every such mail. */
export const bulkEmailEndpoints = defineEndpoints({
  "GET /users/bulk-email": {
    summary: "The latest send and its progress, or who a new send would reach.",
    response: bulkEmailStateSchema,
  },
  "POST /users/bulk-email": {
    summary: "Starts sending one message to every active user; it goes out in slices.",
    body: bulkEmailRequestSchema,
    status: 202,
    response: bulkEmailStateSchema,
  },
  "POST /users/unsubscribe": {
    summary:
      "Stops bulk e-mail to the token's user: the page sends { token }, a mail client's one-click post the query.",
    query: unsubscribeRequestSchema.partial(),
    body: unsubscribeRequestSchema.partial().optional(),
    response: unsubscribeResponseSchema,
  },
});
