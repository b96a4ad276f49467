import { z } from "../zod.ts";

/** Reasons a 401 carries (DESIGN.md conventions, spec section 8). */
export const AUTH_FAILURE_REASONS = [
  "requires_captcha",
  "cooling_off",
  "requires_pattern",
  "insufficient_permissions",
  "invalid_token",
] as const;
export type AuthFailureReason = (typeof AUTH_FAILURE_REASONS)[number];

/** Every error body the API sends. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  reason: z.enum(AUTH_FAILURE_REASONS).optional(),
  earliestRetry: z.string().optional(),
  isLocked: z.boolean().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
