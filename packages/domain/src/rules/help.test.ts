import { describe, expect, it } from "vitest";
import {
  HELP_ENTRY_NAME,
  HELP_RESERVED_NAMES,
  type HelpOrderFacts,
  helpEntryGroup,
  isTermsAcceptancePending,
  newHelpEntryType,
  sortHelpEntries,
} from "./help.ts";

const changed = "2026-01-01T00:00:00.000Z";
const entry = (
  name: string,
  type: HelpOrderFacts["type"],
  order_index: number,
  terms_changed_at: string | null = null,
): HelpOrderFacts => ({ name, type, order_index, terms_changed_at });

describe("help entry order (spec 4: 'changed-terms articles first, then articles, images and videos by order_index')", () => {
  it.each([
    [entry("a", "article", 5, changed), 0],
    [entry("b", "article", 0), 1],
    [entry("c", "image", 0), 2],
    [entry("d", "video", 0), 3],
    // Only an article carries terms; a stray date on other types does not lift them.
    [entry("e", "image", 0, changed), 2],
    [entry("f", "video", 0, changed), 3],
  ])("%o sorts in group %i", (facts, group) => expect(helpEntryGroup(facts)).toBe(group));

  it.each([
    {
      why: "types in the spec's order, whatever order_index says",
      input: [entry("v", "video", 0), entry("i", "image", 0), entry("a", "article", 9)],
      expected: ["a", "i", "v"],
    },
    {
      why: "changed-terms articles before every other article",
      input: [entry("guide", "article", 0), entry("terms", "article", 7, changed)],
      expected: ["terms", "guide"],
    },
    {
      why: "by order_index inside a group",
      input: [entry("a3", "article", 3), entry("a1", "article", 1), entry("a2", "article", 2)],
      expected: ["a1", "a2", "a3"],
    },
    {
      why: "the name breaks a tie of order_index",
      input: [entry("zebra", "image", 1), entry("apple", "image", 1)],
      expected: ["apple", "zebra"],
    },
    {
      why: "everything together",
      input: [
        entry("vid-2", "video", 2),
        entry("img-1", "image", 1),
        entry("art-2", "article", 2),
        entry("tos", "article", 4, changed),
        entry("vid-1", "video", 1),
        entry("art-1", "article", 1),
        entry("img-0", "image", 0),
        entry("privacy", "article", 0, changed),
      ],
      expected: ["privacy", "tos", "art-1", "art-2", "img-0", "img-1", "vid-1", "vid-2"],
    },
  ])("sorts $why", ({ input, expected }) => {
    const before = input.map((e) => e.name);
    expect(sortHelpEntries(input).map((e) => e.name)).toEqual(expected);
    // The caller's list is left as it was.
    expect(input.map((e) => e.name)).toEqual(before);
  });
});

describe("help-book ids (spec 2: 'new-article', 'new-image' and 'new-video' open a blank entry of that type)", () => {
  it.each([
    ["new-article", "article"],
    ["new-image", "image"],
    ["new-video", "video"],
    ["getting-started", null],
    ["new", null],
    ["toString", null],
  ])("%s opens %s", (id, type) => expect(newHelpEntryType(id)).toBe(type));

  it("reserves the route words, all of which look like names", () => {
    expect(HELP_RESERVED_NAMES).toEqual(["new-article", "new-image", "new-video", "manage", "accept-terms"]);
    for (const name of HELP_RESERVED_NAMES) expect(HELP_ENTRY_NAME.test(name)).toBe(true);
  });

  it.each([
    ["terms-of-service", true],
    ["a1", true],
    ["Terms", false],
    ["double--hyphen", false],
    ["-leading", false],
    ["with space", false],
  ])("%s is a name: %s", (name, ok) => expect(HELP_ENTRY_NAME.test(name)).toBe(ok));
});

describe("pending terms (spec 7: tos-changed returns the changes a user has not accepted)", () => {
  const d = (iso: string) => new Date(iso);
  it.each([
    { why: "nothing changed", changed: null, accepted: null, joined: "2025-01-01", pending: false },
    {
      why: "changed, never accepted",
      changed: "2026-01-01",
      accepted: null,
      joined: "2025-01-01",
      pending: true,
    },
    {
      why: "accepted before the latest change",
      changed: "2026-01-01",
      accepted: "2025-06-01",
      joined: "2025-01-01",
      pending: true,
    },
    {
      why: "accepted after the change",
      changed: "2026-01-01",
      accepted: "2026-01-02",
      joined: "2025-01-01",
      pending: false,
    },
    {
      why: "accepted at the very moment of the change",
      changed: "2026-01-01",
      accepted: "2026-01-01",
      joined: "2025-01-01",
      pending: false,
    },
    {
      why: "signed up after the change (agreed at sign-up)",
      changed: "2026-01-01",
      accepted: null,
      joined: "2026-02-01",
      pending: false,
    },
  ])("$why: pending $pending", ({ changed, accepted, joined, pending }) =>
    expect(
      isTermsAcceptancePending({
        termsChangedAt: changed ? d(changed) : null,
        acceptedAt: accepted ? d(accepted) : null,
        userCreatedAt: d(joined),
      }),
    ).toBe(pending),
  );
});
