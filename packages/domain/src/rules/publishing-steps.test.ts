import { describe, expect, it } from "vitest";
import {
  canOpenEditStep,
  editStepIndex,
  nextEditStep,
  previousEditStep,
  RESOURCE_EDIT_STEPS,
  type ResourceEditStep,
  resolveEditStep,
} from "./publishing-steps.ts";

describe("RESOURCE_EDIT_STEPS (spec 4: deleting moves the wizard to step 14)", () => {
  it("has 15 steps, 0 to 14, with delete at 14", () => {
    expect(RESOURCE_EDIT_STEPS).toHaveLength(15);
    expect(editStepIndex("delete")).toBe(14);
  });
});

describe("editStepIndex", () => {
  it.each([
    ["pre-check", 0],
    ["title", 1],
    ["categories", 2],
    ["reading-level", 7],
    ["price", 11],
    ["status", 12],
    ["review", 13],
    ["delete", 14],
  ] as const)("%s is step %i", (step, index) => expect(editStepIndex(step)).toBe(index));
});

describe("resolveEditStep (aliases; no name opens the start; unknown is null)", () => {
  it.each([
    [undefined, "pre-check"],
    ["", "pre-check"],
    ["title", "title"],
    ["reading-level", "reading-level"],
    ["delete", "delete"],
    ["review", "review"],
    ["subject", "categories"],
    ["subject-area", "categories"],
    [" Title ", "title"],
    ["SUBJECT", "categories"],
    ["nope", null],
    ["constructor", null],
    ["toString", null],
    ["14", null],
  ] as const)("%s -> %s", (name, step) => expect(resolveEditStep(name)).toBe(step));
});

describe("nextEditStep (creator: pre-check..status; admin adds review; delete never reached)", () => {
  it.each<[ResourceEditStep, boolean, ResourceEditStep | null]>([
    ["pre-check", false, "title"],
    ["title", false, "categories"],
    ["keywords", false, "files"],
    ["price", false, "status"],
    ["status", false, null],
    ["status", true, "review"],
    ["review", true, null],
    ["review", false, null],
    ["delete", false, null],
    ["delete", true, null],
  ])("%s (admin %s) -> %s", (step, isAdmin, next) => expect(nextEditStep(step, isAdmin)).toBe(next));
});

describe("previousEditStep", () => {
  it.each<[ResourceEditStep, boolean, ResourceEditStep | null]>([
    ["pre-check", false, null],
    ["pre-check", true, null],
    ["title", false, "pre-check"],
    ["status", false, "price"],
    ["review", true, "status"],
    ["review", false, null],
    ["delete", false, null],
    ["delete", true, null],
  ])("%s (admin %s) -> %s", (step, isAdmin, previous) =>
    expect(previousEditStep(step, isAdmin)).toBe(previous),
  );
});

describe("canOpenEditStep (review is for admins only)", () => {
  it.each<[ResourceEditStep, boolean, boolean]>([
    ["review", true, true],
    ["review", false, false],
    ["title", false, true],
    ["status", false, true],
    ["delete", false, true],
    ["delete", true, true],
  ])("%s (admin %s) -> %s", (step, isAdmin, open) => expect(canOpenEditStep(step, isAdmin)).toBe(open));
});
