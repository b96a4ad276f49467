import { describe, expect, it } from "vitest";
import {
  deriveResourceStatus,
  isResourceEditable,
  RESOURCE_DERIVED_STATUSES,
  type ResourceDerivedStatus,
  type ResourceStatusAction,
  resourceStatusActions,
  uploadStatusAfter,
} from "./resource-status.ts";

describe("deriveResourceStatus (spec 4: incomplete, inReview, rejected, active, deactivated, else inactive)", () => {
  it.each<[string, string, boolean, ResourceDerivedStatus]>([
    ["creating", "inactive", true, "incomplete"],
    ["creating", "active", false, "incomplete"],
    ["awaiting_approval", "inactive", true, "inReview"],
    ["awaiting_approval", "active", false, "inReview"],
    ["rejected", "inactive", true, "rejected"],
    ["rejected", "active", false, "rejected"],
    ["approved", "active", false, "active"],
    ["approved", "active", true, "active"],
    ["approved", "inactive", false, "deactivated"],
    ["approved", "inactive", true, "inactive"],
    ["skipped", "inactive", false, "inactive"],
    ["skipped", "active", false, "inactive"],
    ["something-new", "active", false, "inactive"],
  ])(
    "approval %s, status %s, requires_approval %s -> %s",
    (approval_status, status, requires_approval, derived) =>
      expect(deriveResourceStatus({ approval_status, status, requires_approval })).toBe(derived),
  );
});

describe("isResourceEditable (spec 4: editable unless active or in review)", () => {
  it.each<[ResourceDerivedStatus, boolean]>([
    ["incomplete", true],
    ["inReview", false],
    ["rejected", true],
    ["active", false],
    ["deactivated", true],
    ["inactive", true],
  ])("%s -> %s", (status, editable) => expect(isResourceEditable(status)).toBe(editable));
});

describe("resourceStatusActions (spec 4: submit, cancel, deactivate, reactivate)", () => {
  it.each<[ResourceDerivedStatus, ResourceStatusAction[]]>([
    ["incomplete", ["edit", "submit", "delete"]],
    ["inReview", ["cancelRequest", "view"]],
    ["rejected", ["edit", "submit", "delete"]],
    ["active", ["view", "deactivate"]],
    ["deactivated", ["view", "reactivate", "edit", "delete"]],
    ["inactive", ["edit", "submit", "delete"]],
  ])("%s -> %j", (status, actions) => expect(resourceStatusActions(status)).toEqual(actions));

  it("offers edit exactly where the resource is editable", () => {
    for (const status of RESOURCE_DERIVED_STATUSES) {
      expect(resourceStatusActions(status).includes("edit")).toBe(isResourceEditable(status));
    }
  });

  it("returns a fresh array each time", () => {
    const actions = resourceStatusActions("active");
    actions.push("delete");
    expect(resourceStatusActions("active")).toEqual(["view", "deactivate"]);
  });
});

describe("uploadStatusAfter (spec 4: 0 idle, 1 submitted, 2 active on reactivate, 5 on deactivate; cancel 0)", () => {
  it.each<[ResourceStatusAction, number | null]>([
    ["submit", 1],
    ["cancelRequest", 0],
    ["reactivate", 2],
    ["deactivate", 5],
    ["edit", null],
    ["delete", null],
    ["view", null],
  ])("%s -> %s", (action, code) => expect(uploadStatusAfter(action)).toBe(code));
});
