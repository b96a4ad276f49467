import { describe, expect, it } from "vitest";
import { type ConsoleActor, type ConsoleTarget, checkConsoleUserChange } from "./admin-users.ts";

const admin: ConsoleActor = { id: "a", isMaster: false };
const master: ConsoleActor = { id: "m", isMaster: true };
const user: ConsoleTarget = { id: "u", role: "user", isMaster: false };
const otherAdmin: ConsoleTarget = { id: "b", role: "admin", isMaster: false };
const masterTarget: ConsoleTarget = { id: "m", role: "admin", isMaster: true };
const self: ConsoleTarget = { id: "a", role: "admin", isMaster: false };

// Spec 6: "Admin is determined by the 'admin' scope in the token ... The exact admin rules are not shown."
// The rows below are the rules docs/DECISIONS.md states for the console.
describe("who may change whom in the admin console", () => {
  it.each([
    ["an admin deactivates a user", admin, user, { is_deactivated: true }, null],
    ["an admin reactivates a user", admin, user, { is_deactivated: false }, null],
    ["an admin takes a permission flag", admin, user, { permissions: { upload: false } }, null],
    ["an admin makes a user admin", admin, user, { role: "admin" as const }, "master_only"],
    ["an admin sends a user's own role back unchanged", admin, user, { role: "user" as const }, null],
    ["an admin deactivates another admin", admin, otherAdmin, { is_deactivated: true }, "master_only"],
    ["an admin revokes another admin", admin, otherAdmin, { role: "user" as const }, "master_only"],
    ["an admin demotes themselves", admin, self, { role: "user" as const }, "own_account"],
    ["an admin deactivates themselves", admin, self, { is_deactivated: true }, "own_account"],
    ["an admin touches the master account", admin, masterTarget, { is_deactivated: true }, "master_account"],
    ["the master makes a user admin", master, user, { role: "admin" as const }, null],
    ["the master revokes an admin", master, otherAdmin, { role: "user" as const }, null],
    ["the master deactivates an admin", master, otherAdmin, { is_deactivated: true }, null],
    ["the master demotes itself", master, masterTarget, { role: "user" as const }, "own_account"],
  ])("%s", (_name, actor, target, change, expected) => {
    expect(checkConsoleUserChange(actor, target, change)).toBe(expected);
  });
});
