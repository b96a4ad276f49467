import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { makeUser } from "../test/factories.ts";

/**
 * Routes are private by default. This walks every registered API route and proves that each
 * private one answers 401 invalid_token without a token, and each admin one 403 to a plain user.
 * The public list is spelled out so that making a route public is a deliberate, reviewed change.
 */
const PUBLIC_ROUTES = [
  "GET /api/health",
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

  it("answers a deactivated account 401 insufficient_permissions everywhere but its own account", async () => {
    const deactivated = await makeUser(t.db, { is_deactivated: true });
    const auth = await t.authHeader(deactivated.username);
    const allowed = [
      "GET /api/users/self",
      "GET /api/users/self/permissions",
      "POST /api/users/self/mark-active",
      "POST /api/users/self/reactivate",
      "POST /api/auth/refCode",
    ];
    for (const route of apiRoutes().filter((r) => r.access !== "public")) {
      const name = `${route.method} ${route.url}`;
      const res = await t.app.inject({
        method: route.method as "GET",
        url: fill(route.url),
        headers: auth,
        ...body(route.method),
      });
      if (allowed.includes(name))
        expect({ name, reason: res.body ? res.json().reason : undefined }).not.toEqual({
          name,
          reason: "insufficient_permissions",
        });
      else
        expect({ name, status: res.statusCode, reason: res.json().reason }).toEqual({
          name,
          status: 401,
          reason: "insufficient_permissions",
        });
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
