import {
  captchaChallengeQuerySchema,
  captchaChallengeSchema,
  captchaSolveRequestSchema,
  captchaSolveResponseSchema,
  loginLinkRequestSchema,
  loginResponseSchema,
  loginTokenRequestSchema,
  logoutResponseSchema,
  refCodeRequestSchema,
  sentResponseSchema,
  signUpRequestSchema,
  tokenRequestSchema,
  usernameQuerySchema,
} from "@market/domain";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../../db/schema/index.ts";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { notFound } from "../../platform/errors.ts";
import { RATE_LIMITS } from "../../platform/rate-limit.ts";
import { endAllSessions, endSession } from "../../platform/sessions.ts";
import {
  applyRefCode,
  loginWithCredentials,
  loginWithEmailToken,
  requestLoginLink,
  sendVerificationMail,
  signUp,
} from "./auth.service.ts";
import { createCaptchaChallenge, solveCaptcha } from "./captcha.service.ts";

const caller = (request: FastifyRequest) => {
  const header = request.headers["captcha-token"];
  return { ip: request.ip, captchaToken: typeof header === "string" ? header : undefined };
};

/** Admins log in during maintenance too, so the ways in stay up in offline mode. */
const publicAuth = { access: "public", availableOffline: true } as const;

export async function authRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;

  app.post(
    "/auth/token",
    {
      config: { ...publicAuth, rateLimit: RATE_LIMITS.login },
      schema: { body: tokenRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => loginWithCredentials(deps, request.body, caller(request)),
  );

  app.post(
    "/auth/token/email-login-link",
    {
      config: { ...publicAuth, rateLimit: RATE_LIMITS.login },
      schema: { body: loginLinkRequestSchema, response: { 200: sentResponseSchema } },
    },
    async (request) => requestLoginLink(deps, request.body.username),
  );

  app.post(
    "/auth/token/login-token",
    {
      config: { ...publicAuth, rateLimit: RATE_LIMITS.login },
      schema: { body: loginTokenRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => loginWithEmailToken(deps, request.body, caller(request)),
  );

  app.post(
    "/auth/sign-up",
    {
      config: { access: "public", rateLimit: RATE_LIMITS.signUp },
      schema: { body: signUpRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => signUp(deps, request.body),
  );

  app.get(
    "/auth/username-validation",
    {
      config: { access: "public", rateLimit: RATE_LIMITS.usernameCheck },
      schema: { querystring: usernameQuerySchema },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${request.query.username.toLowerCase()}`);
      if (!row) throw notFound("No user with that username");
      return reply.send({ exists: true });
    },
  );

  app.get(
    "/auth/captcha",
    {
      config: { ...publicAuth, rateLimit: RATE_LIMITS.captcha },
      schema: { querystring: captchaChallengeQuerySchema, response: { 200: captchaChallengeSchema } },
    },
    async (request) => createCaptchaChallenge(deps, request.query.mode),
  );
  app.post(
    "/auth/captcha",
    {
      config: { ...publicAuth, rateLimit: RATE_LIMITS.captcha },
      schema: { body: captchaSolveRequestSchema, response: { 200: captchaSolveResponseSchema } },
    },
    async (request) => solveCaptcha(db, request.body.id, request.body.inputCodes),
  );

  // Signed-out-ness is decided by the server: the session ends, so a copy of the token is worthless too.
  // Deactivated accounts and the maintenance window do not keep anyone from signing out.
  const signedIn = { allowDeactivated: true, availableOffline: true } as const;
  app.post(
    "/auth/logout",
    { config: signedIn, schema: { response: { 200: logoutResponseSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      return { sessionsEnded: await endSession(db, viewer.id, viewer.sessionId) };
    },
  );
  app.post(
    "/auth/logout-all",
    { config: signedIn, schema: { response: { 200: logoutResponseSchema } } },
    async (request) => ({ sessionsEnded: await endAllSessions(db, requireViewer(request).id) }),
  );

  app.post(
    "/auth/refCode",
    { config: { allowDeactivated: true }, schema: { body: refCodeRequestSchema } },
    async (request) => applyRefCode(db, requireViewer(request).id, request.body.refCode),
  );

  app.post(
    "/auth/verification-email",
    {
      config: { rateLimit: RATE_LIMITS.loginLinkPerAccount },
      schema: { response: { 200: sentResponseSchema } },
    },
    async (request) => {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`${users.id} = ${requireViewer(request).id}`);
      if (user && !user.email_verified_at) await sendVerificationMail(deps, user);
      return { sent: true as const };
    },
  );
}
