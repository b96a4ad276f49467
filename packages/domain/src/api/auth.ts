import { checkEmail, checkName, checkPassword, checkUsername } from "../rules/sign-up.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { patternSchema, selfUserSchema } from "./users.ts";

export { PATTERN_LENGTH } from "../rules/security-pattern.ts";

export const tokenRequestSchema = z.object({
  /** A username or an e-mail address. */
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  pattern: z.array(z.number().int().min(0).max(13)).max(14).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const TOKEN_EVENTS = ["login", "login-link", "sign-up", "verify-email"] as const;

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

/**
 * Sign-up payload. The field rules are the domain's (sign-up.ts); the schema refines with them so the
 * server answers each broken rule with its own code in `fields`.
 */
export const signUpRequestSchema = z
  .object({
    email: z.string().trim().max(200),
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    username: z.string().trim().max(100),
    password: z.string().max(200),
    refCode: z.string().trim().max(20).optional(),
  })
  .superRefine((v, ctx) => {
    const problems: [string, string | null][] = [
      ["email", checkEmail(v.email)],
      ["firstName", checkName(v.firstName, v.lastName)],
      ["username", checkUsername(v.username)],
      ["password", checkPassword(v.password)],
    ];
    for (const [path, problem] of problems) {
      if (problem) ctx.addIssue({ code: "custom", path: [path], message: problem, params: { problem } });
    }
  });
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const usernameQuerySchema = z.object({ username: z.string().trim().min(1).max(100) });
/** A taken username; a free one is answered 404 not_found. */
export const usernameTakenResponseSchema = z.object({ exists: z.literal(true) });

export const loginLinkRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  event: z.string().trim().max(40).default("login"),
});
export const loginTokenRequestSchema = z.object({
  loginToken: z.string().min(10).max(200),
  pattern: patternSchema.optional(),
});
export const sentResponseSchema = z.object({ sent: z.literal(true) });

/** POST /auth/logout (this session) and /auth/logout-all (every session of the account). */
export const logoutResponseSchema = z.object({ sessionsEnded: z.number().int().min(0) });

/**
 * The captcha comes as pictures (a raster image per input) or, for people who cannot see them, as a text
 * question (a word per input); both are answered with the chosen inputs' codes.
 */
export const CAPTCHA_MODES = ["image", "text"] as const;
export type CaptchaMode = (typeof CAPTCHA_MODES)[number];
export const captchaChallengeQuerySchema = z.object({ mode: z.enum(CAPTCHA_MODES).default("image") });
export const captchaInputSchema = z.union([
  z.object({ code: z.string(), image: z.string() }),
  z.object({ code: z.string(), text: z.string() }),
]);
export const captchaChallengeSchema = z.object({
  id: z.string(),
  challenge: z.string(),
  inputs: z.array(captchaInputSchema),
});
export type CaptchaInput = z.infer<typeof captchaInputSchema>;
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
export const captchaSolveRequestSchema = z.object({
  id: z.uuid(),
  inputCodes: z.array(z.string().max(16)).max(9),
});
export const captchaSolveResponseSchema = z.union([
  z.object({ captchaToken: z.string() }),
  z.object({ timeout: z.number() }),
]);
export type CaptchaSolveResponse = z.infer<typeof captchaSolveResponseSchema>;

export const refCodeRequestSchema = z.object({ refCode: z.string().trim().min(4).max(20) });
/** Whether the ref code was recorded: only once per account, never the account's own, only a known code. */
export const refCodeResponseSchema = z.object({ applied: z.boolean() });

/** Signing up, logging in and the login challenges (spec 8). */
export const authEndpoints = defineEndpoints({
  "POST /auth/token": {
    summary: "Logs in with a username or e-mail address and a password (and the security pattern when set).",
    body: tokenRequestSchema,
    response: loginResponseSchema,
  },
  "POST /auth/token/email-login-link": {
    summary: "E-mails a link that logs the user in.",
    body: loginLinkRequestSchema,
    response: sentResponseSchema,
  },
  "POST /auth/token/login-token": {
    summary: "Logs in with the token of an e-mailed link.",
    body: loginTokenRequestSchema,
    response: loginResponseSchema,
  },
  "POST /auth/sign-up": { body: signUpRequestSchema, response: loginResponseSchema },
  "GET /auth/username-validation": {
    summary: "Whether a username is taken: 200 when it is, 404 when it is free.",
    query: usernameQuerySchema,
    response: usernameTakenResponseSchema,
  },
  "GET /auth/captcha": {
    summary: "A new captcha challenge, as pictures or as words.",
    query: captchaChallengeQuerySchema,
    response: captchaChallengeSchema,
  },
  "POST /auth/captcha": {
    summary: "Answers a captcha: a single-use token to send as the captcha-token header, or a wait.",
    body: captchaSolveRequestSchema,
    response: captchaSolveResponseSchema,
  },
  "POST /auth/logout": { summary: "Ends this session.", response: logoutResponseSchema },
  "POST /auth/logout-all": {
    summary: "Ends every session of the account.",
    response: logoutResponseSchema,
  },
  "POST /auth/refCode": {
    summary: "Records who referred the user.",
    body: refCodeRequestSchema,
    response: refCodeResponseSchema,
  },
  "POST /auth/verification-email": {
    summary: "Sends the e-mail address verification mail again.",
    response: sentResponseSchema,
  },
});
