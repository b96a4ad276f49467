import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../../db/schema/index.ts";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
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

  const login = { ...publicAuth, rateLimit: RATE_LIMITS.login };
  route(app, "POST /auth/token", { config: login }, async (request) =>
    loginWithCredentials(deps, request.body, caller(request)),
  );
  route(app, "POST /auth/token/email-login-link", { config: login }, async (request) =>
    requestLoginLink(deps, request.body.username),
  );
  route(app, "POST /auth/token/login-token", { config: login }, async (request) =>
    loginWithEmailToken(deps, request.body, caller(request)),
  );
  route(
    app,
    "POST /auth/sign-up",
    { config: { access: "public", rateLimit: RATE_LIMITS.signUp } },
    async (request) => signUp(deps, request.body),
  );

  route(
    app,
    "GET /auth/username-validation",
    { config: { access: "public", rateLimit: RATE_LIMITS.usernameCheck } },
    async (request) => {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${request.query.username.toLowerCase()}`);
      if (!row) throw notFound("No user with that username");
      return { exists: true as const };
    },
  );

  const captcha = { ...publicAuth, rateLimit: RATE_LIMITS.captcha };
  route(app, "GET /auth/captcha", { config: captcha }, async (request) =>
    createCaptchaChallenge(deps, request.query.mode),
  );
  route(app, "POST /auth/captcha", { config: captcha }, async (request) =>
    solveCaptcha(db, request.body.id, request.body.inputCodes),
  );

  // Signed-out-ness is decided by the server: the session ends, so a copy of the token is worthless too.
  // Deactivated accounts and the maintenance window do not keep anyone from signing out.
  const signedIn = { allowDeactivated: true, availableOffline: true } as const;
  route(app, "POST /auth/logout", { config: signedIn }, async (request) => {
    const viewer = requireViewer(request);
    return { sessionsEnded: await endSession(db, viewer.id, viewer.sessionId) };
  });
  route(app, "POST /auth/logout-all", { config: signedIn }, async (request) => ({
    sessionsEnded: await endAllSessions(db, requireViewer(request).id),
  }));

  route(app, "POST /auth/refCode", { config: { allowDeactivated: true } }, async (request) =>
    applyRefCode(db, requireViewer(request).id, request.body.refCode),
  );

  route(
    app,
    "POST /auth/verification-email",
    { config: { rateLimit: RATE_LIMITS.loginLinkPerAccount } },
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
