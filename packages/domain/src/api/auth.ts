import { z } from "zod";
import { selfUserSchema } from "./users.ts";

export const tokenRequestSchema = z.object({
  /** A username or an e-mail address. */
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  pattern: z.array(z.number().int().min(0).max(13)).max(14).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const TOKEN_EVENTS = ["login", "login-link", "sign-up"] as const;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  user: selfUserSchema,
  tokenEvent: z.enum(TOKEN_EVENTS),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Claims of the access token (a JWT, HS256). */
export interface AccessClaims {
  sub: string;
  scopes: string[];
  exp: number;
}
