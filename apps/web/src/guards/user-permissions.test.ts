import { describe, expect, it } from "vitest";
import { makeSelfUser } from "../test/factories.ts";
import { decidePermissionRedirect, type PermissionsResponse, requiredFlags } from "./user-permissions.ts";

const all = makeSelfUser().permissions;
const perms = (
  patch: Partial<PermissionsResponse["permissions"]> = {},
  extra: Partial<PermissionsResponse> = {},
) =>
  ({
    permissions: { ...all, ...patch },
    isAdmin: false,
    isDeactivated: false,
    ...extra,
  }) as PermissionsResponse;
const ada = { username: "ada", is_master_account: false };
const master = { username: "boss", is_master_account: true };
const deactivated = perms({}, { isDeactivated: true });

describe("decidePermissionRedirect (spec section 6)", () => {
  it.each([
    ["visitor: left to the authentication guard", "/advertising", null, null, null],
    ["all flags: passes", "/advertising/create", ada, perms(), null],
    [
      "profile settings needs controls",
      "/profile/@ada/settings",
      ada,
      perms({ controls: false }),
      "/profile/@ada/resources",
    ],
    [
      "tip needs payments (profile)",
      "/profile/@bob/tip",
      ada,
      perms({ payments: false }),
      "/profile/@bob/resources",
    ],
    ["tip needs payments (/tip/:id)", "/tip/42", ada, perms({ payments: false }), "/"],
    ["leaving a tip needs payments", "/resources/7/leave-tip", ada, perms({ payments: false }), "/"],
    [
      "message needs messages",
      "/profile/@bob/message",
      ada,
      perms({ messages: false }),
      "/profile/@bob/resources",
    ],
    ["editing a resource needs upload", "/resources/7/edit/title", ada, perms({ upload: false }), "/"],
    ["editing a resource needs editing", "/resources/7/edit", ada, perms({ editing: false }), "/"],
    [
      "a new upload needs upload and editing",
      "/resources/edit/pre-check",
      ada,
      perms({ editing: false }),
      "/",
    ],
    ["advertising needs advertise", "/advertising/manage", ada, perms({ advertise: false }), "/"],
    ["viewing a resource needs nothing", "/resources/7", ada, perms({ upload: false, editing: false }), null],
    [
      "another user's settings go to their resources",
      "/profile/@bob/settings",
      ada,
      perms(),
      "/profile/@bob/resources",
    ],
    [
      "another user's status goes to their resources",
      "/profile/@bob/status",
      ada,
      perms(),
      "/profile/@bob/resources",
    ],
    ["own settings, any case", "/profile/@ADA/settings", ada, perms(), null],
    ["deactivated: offers allowed", "/offers", ada, deactivated, null],
    ["deactivated: one offer allowed", "/offers/2", ada, deactivated, null],
    ["deactivated: own status allowed", "/profile/@ada/status", ada, deactivated, null],
    ["deactivated: logging out allowed", "/logout", ada, deactivated, null],
    ["deactivated: anything else goes to status", "/favorites", ada, deactivated, "/profile/@ada/status"],
    ["deactivated: home goes to status", "/", ada, deactivated, "/profile/@ada/status"],
    [
      "deactivated: another status page goes to own",
      "/profile/@bob/status",
      ada,
      deactivated,
      "/profile/@ada/status",
    ],
    // The master lands on /admin/users after login (post-login.ts); the admin home stays open to it.
    ["master account: the admin home page stays", "/admin", master, perms({}, { isAdmin: true }), null],
    ["master account: other admin pages stay", "/admin/settings", master, perms({}, { isAdmin: true }), null],
    ["permissions unknown: flags not enforced", "/advertising", ada, null, null],
  ] as const)("%s: %s", (_name, path, user, permissions, expected) => {
    expect(decidePermissionRedirect({ path, user, permissions })).toBe(expected);
  });

  it("lists the flags each path needs", () => {
    expect(requiredFlags("/profile/settings")).toEqual(["controls"]);
    expect(requiredFlags("/resources/7/edit")).toEqual(["upload", "editing"]);
    expect(requiredFlags("/featured")).toEqual([]);
  });
});
