import { describe, expect, it } from "vitest";
import type { Access } from "../guards/authentication.ts";
import { ROUTES } from "./route-table.ts";

/** Spec section 2 route by route, with the access class of spec section 6. */
const SPEC_ROUTES: Record<string, Access> = {
  "/": "public",
  "/new": "public",
  "/featured": "public",
  "/help": "public",
  "/offline": "public",
  "/offers": "public",
  "/offers/:index": "public",
  "/ref": "public",
  "/first-tip": "public",
  "/terms-accepted": "public",
  "/resource-not-found": "public",
  "/login": "public",
  "/logout": "public",
  "/token-login": "public",
  "/sign-up": "public",
  "/sign-up/success": "public",
  "/support": "login",
  "/favorites": "login",
  "/following": "login",
  "/publishing": "login",
  "/portfolio": "public",
  "/profile": "login",
  "/profile/tip-completed": "login",
  "/profile/tip-summary": "login",
  "/profile/:handle": "public",
  "/profile/:handle/about": "public",
  "/profile/:handle/resources": "public",
  "/profile/:handle/message": "login",
  "/profile/:handle/settings": "login",
  "/profile/:handle/share": "login",
  "/profile/:handle/status": "login",
  "/profile/:handle/tip": "login",
  "/earnings": "login",
  "/earnings/activity": "login",
  "/earnings/data": "login",
  "/earnings/graph": "login",
  "/earnings/payout": "login",
  "/earnings/ratings": "login",
  "/tip/:id": "login",
  "/tip/:id/completed": "login",
  "/payflow": "login",
  "/payflow/cancel": "login",
  "/payflow/error": "login",
  "/payflow/success": "login",
  "/donation": "public",
  "/donation/cancel": "public",
  "/donation/payment": "public",
  "/donation/payment/completed": "public",
  "/donate": "login",
  "/donate/cancel": "login",
  "/donate/completed": "login",
  "/donate/payment": "login",
  "/helpbook": "login",
  "/helpbook/accept-terms": "login",
  "/helpbook/manage": "admin",
  "/helpbook/:id": "login",
  "/helpbook/:id/video": "login",
  "/resources/:id": "public",
  "/resources/:id/view": "public",
  "/resources/:id/approve": "admin",
  "/resources/:id/completed": "login",
  "/resources/:id/donation": "login",
  "/resources/:id/downloaded": "login",
  "/resources/:id/success": "login",
  "/resources/:id/feature": "login",
  "/resources/:id/feature/completed": "login",
  "/resources/:id/leave-tip": "login",
  "/resources/:id/leave-tip/completed": "login",
  "/resources/:id/leave-tip/summary": "login",
  "/resources/:id/purchase": "login",
  "/resources/:id/purchase/completed": "login",
  "/resources/:id/edit": "login",
  "/resources/:id/edit/:step": "login",
  "/advertising": "login",
  "/advertising/create": "login",
  "/advertising/manage": "login",
  "/advertising/:id": "login",
  "/advertising/:id/approve": "admin",
  "/advertising/:id/submitted": "login",
  "/advertising/:id/edit": "login",
  "/advertising/:id/edit/:step": "login",
  "/admin": "admin",
  "/admin/accounting": "admin",
  "/admin/email-all": "admin",
  "/admin/exceptions": "admin",
  "/admin/exceptions/advertising": "admin",
  "/admin/exceptions/payouts": "admin",
  "/admin/exceptions/publishing": "admin",
  "/admin/exceptions/support": "admin",
  "/admin/exceptions/reviews": "admin",
  "/admin/settings": "admin",
  "/admin/statistics": "admin",
  "/admin/users": "admin",
  "/index-all": "public",
  // Issue 9: the test pages are an admin-only gallery of the real components.
  "/test/captcha": "admin",
  "/test/colors": "admin",
  "/test/help-center": "admin",
  "/test/homepage-layout": "admin",
  "/test/image-rendering": "admin",
  "/test/misc": "admin",
  "/test/pattern": "admin",
  "/test/secret": "admin",
  "/test/sign-up": "admin",
  "/test/upload": "admin",
  "*": "public",
};

describe("route table", () => {
  const byPath = new Map(ROUTES.map((route) => [route.path, route]));

  it("registers every route of spec section 2 with its access class", () => {
    for (const [path, access] of Object.entries(SPEC_ROUTES)) {
      expect(byPath.get(path)?.access, path).toBe(access);
    }
  });

  it("registers each path once", () => {
    expect(byPath.size).toBe(ROUTES.length);
  });

  it("gives every route a title and a purpose, and a lazy screen or a forward", () => {
    for (const route of ROUTES) {
      expect(route.title, route.path).not.toBe("");
      expect(route.purpose, route.path).not.toBe("");
      expect(Boolean(route.screen || route.redirectTo || route.load), route.path).toBe(true);
    }
  });

  it("forwards index-all to the home page with hasError", () => {
    expect(byPath.get("/index-all")?.redirectTo).toBe("/?hasError=true");
  });

  it("keeps the admin area admin-only", () => {
    for (const route of ROUTES.filter((r) => r.path.startsWith("/admin"))) expect(route.access).toBe("admin");
  });
});
