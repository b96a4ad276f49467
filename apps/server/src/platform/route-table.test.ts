import { ENDPOINTS } from "@market/domain/api/endpoints";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeUser } from "../test/factories.ts";

/**
 * Routes are private by default. This walks every registered API route and proves that each
 * private one answers 401 invalid_token without a token, and each admin one 403 to a plain user.
 * The public list is spelled out so that making a route public is a deliberate, reviewed change.
 */
const PUBLIC_ROUTES = [
  "GET /api/health",
  // Liveness and readiness, for load balancers and orchestrators (issue 24).
  "GET /api/health/live",
  "GET /api/health/ready",
  "GET /api/docs",
  "GET /api/site-settings/front-end",
  "GET /api/site-settings/front-end-offline",
  "GET /api/site-settings/front-end-css-override",
  "GET /api/site-settings/front-end-idle-timeout",
  "GET /api/texts/values",
  "GET /api/colors/values",
  "GET /api/site-images",
  "GET /api/site-images/:key",
  "GET /api/images/system-avatars",
  "GET /api/help/random-pro-tip",
  // The help centre and its search are public (spec 6: help); feedback may come from visitors.
  "GET /api/help",
  "GET /api/help/articles",
  "GET /api/help/:id",
  "POST /api/help/feedback",
  "GET /api/resources",
  "GET /api/resources/:id",
  "GET /api/resources/:id/files/:fileId/download",
  // A resource's reviews are read by visitors too, as its page is (issue 21).
  "GET /api/resources/:id/reviews",
  // A listed bundle is read by visitors too, as a resource is (issue 22).
  "GET /api/bundles/:id",
  // The page-view beacon is sent by visitors' pages too; it answers 204 to anything (issue 23).
  "POST /api/resources/:id/view",
  "GET /api/users/:id/summary",
  "GET /api/users/:id/resources",
  "GET /api/files/:folder/*",
  // Serving and counting ads, and their estimate and offers, happen for visitors too (spec 7).
  "GET /api/advertisements/estimate",
  "GET /api/advertisements/display",
  "GET /api/advertisements/offers",
  "POST /api/advertisements/:id/impression",
  "POST /api/advertisements/:id/click",
  "POST /api/auth/token",
  "POST /api/auth/token/email-login-link",
  "POST /api/auth/token/login-token",
  "POST /api/auth/sign-up",
  "GET /api/auth/username-validation",
  "GET /api/auth/captcha",
  "POST /api/auth/captcha",
  // The unsubscribe link of a bulk e-mail works without logging in; its token is signed for one user.
  "POST /api/users/unsubscribe",
].sort();

const fill = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, "00000000-0000-4000-8000-000000000000").replace("*", "x.png");

const body = (method: string) => (method === "GET" || method === "DELETE" ? {} : { payload: {} });

describe("route table", () => {
  let t: TestApp;
  let userAuth: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    const user = await makeUser(t.db);
    userAuth = await t.authHeader(user.username);
  });
  afterAll(() => t.close());

  const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith("/api"));

  it("serves every endpoint of the domain's definitions, and no API route without one", () => {
    // The OpenAPI document describes the definitions; it is the one route that is not an endpoint itself.
    const served = apiRoutes().filter((r) => r.url !== "/api/docs");
    const undefinedRoutes = served.filter((r) => r.endpoint === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undefinedRoutes, "served without a definition in packages/domain/src/api").toEqual([]);
    const servedNames = served.map((r) => `${r.method} ${r.url}`);
    const definedNames = Object.keys(ENDPOINTS).map((name) => name.replace(" /", " /api/"));
    expect(
      definedNames.filter((name) => !servedNames.includes(name)),
      "defined but not served",
    ).toEqual([]);
    // Each route serves the endpoint of its own method and path, not another's definition.
    const mismatched = served.filter((r) => r.endpoint?.replace(" /", " /api/") !== `${r.method} ${r.url}`);
    expect(mismatched.map((r) => `${r.method} ${r.url} -> ${r.endpoint}`)).toEqual([]);
  });

  it("marks exactly the expected routes public", () => {
    const publicRoutes = apiRoutes()
      .filter((r) => r.access === "public")
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual(PUBLIC_ROUTES);
  });

  it("answers 401 invalid_token on every private route without a token", async () => {
    const privateRoutes = apiRoutes().filter((r) => r.access !== "public");
    expect(privateRoutes.length).toBeGreaterThan(3);
    for (const route of privateRoutes) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: fill(route.url),
        ...body(route.method),
      });
      expect({
        route: `${route.method} ${route.url}`,
        status: res.statusCode,
        reason: res.json().reason,
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        reason: "invalid_token",
      });
    }
  });

  it("answers a deactivated account 401 account_deactivated everywhere but its own account", async () => {
    // Deactivated by themselves, so that they may reactivate themselves (an admin's deactivation stays).
    const user = await makeUser(t.db);
    const [deactivated] = await t.db
      .update(users)
      .set({ is_deactivated: true, deactivated_by: user.id })
      .where(eq(users.id, user.id))
      .returning();
    if (!deactivated) throw new Error("no user to deactivate");
    const referrer = await makeUser(t.db);
    const auth = await t.authHeader(deactivated.username);
    /**
     * What a deactivated account may still do (config.allowDeactivated), each with a request that should
     * succeed and the exact answer it gets. They run in this order, each on a session of its own, since
     * signing out ends sessions and reactivating ends the deactivation.
     */
    const ALLOWED: [string, { payload?: object; status: number; body?: object }][] = [
      ["GET /api/users/self", { status: 200, body: { is_deactivated: true } }],
      ["GET /api/users/self/permissions", { status: 200, body: { isDeactivated: true, isAdmin: false } }],
      ["POST /api/users/self/mark-active", { status: 204 }],
      [
        "POST /api/auth/refCode",
        { payload: { refCode: referrer.ref_code }, status: 200, body: { applied: true } },
      ],
      ["POST /api/auth/logout", { status: 200, body: { sessionsEnded: 1 } }],
      ["POST /api/auth/logout-all", { status: 200, body: { sessionsEnded: expect.any(Number) } }],
      ["POST /api/users/self/reactivate", { status: 200, body: { is_deactivated: false } }],
    ];
    const allowed = new Map(ALLOWED);
    const routes = apiRoutes().filter((r) => r.access !== "public");
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(ALLOWED.map(([name]) => name).filter((name) => !names.includes(name))).toEqual([]);

    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      if (allowed.has(name)) continue;
      const res = await t.app.inject({
        method: route.method as "GET",
        url: fill(route.url),
        headers: auth,
        ...body(route.method),
      });
      expect({ name, status: res.statusCode, error: res.json().error, reason: res.json().reason }).toEqual({
        name,
        status: 401,
        error: "account_deactivated",
        reason: "insufficient_permissions",
      });
    }

    for (const [name, expected] of ALLOWED) {
      const [method, url] = name.split(" ") as [string, string];
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: await t.authHeader(deactivated.username),
        ...(method === "GET" ? {} : { payload: expected.payload ?? {} }),
      });
      expect({ name, status: res.statusCode }).toEqual({ name, status: expected.status });
      if (expected.body) expect(res.json(), name).toMatchObject(expected.body);
    }
  });

  it("answers 403 on every admin route to a signed-in user who is not an admin", async () => {
    const adminRoutes = apiRoutes().filter((r) => r.access === "admin");
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: fill(route.url),
        headers: userAuth,
        ...body(route.method),
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });
});
