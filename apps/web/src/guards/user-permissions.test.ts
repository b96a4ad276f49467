import { describe, expect, it } from "vitest";
import { decidePermissionRedirect } from "./user-permissions.ts";

describe("decidePermissionRedirect", () => {
  it("passes every route through until the permission rules land", () => {
    expect(decidePermissionRedirect({ path: "/advertising/create", user: null })).toBeNull();
  });
});
