import { describe, expect, it } from "vitest";
import {
  COVER_ORDER,
  makeCover,
  moveSlot,
  normalizePreviewOrder,
  type PreviewSlot,
  toggleSelection,
  UNSELECTED_ORDER,
  visibleSlotCount,
} from "./preview-selection.ts";

/** "a0 b1 c-" : key, then its order when selected or "-" when not. */
const slots = (spec: string): PreviewSlot[] =>
  spec
    .split(" ")
    .filter(Boolean)
    .map((s) => {
      const key = s[0]!;
      const rest = s.slice(1);
      return rest === "-"
        ? { key, order_index: UNSELECTED_ORDER, selected: false }
        : { key, order_index: Number(rest), selected: true };
    });
const show = (list: PreviewSlot[]) =>
  list
    .map((s) => `${s.key}${s.selected ? s.order_index : "-"}${s.pending ? `(${s.pending})` : ""}`)
    .join(" ");

describe("constants (spec 4: toggling off sets 999; the cover is -1 then normalised)", () => {
  it("are 999 and -1", () => {
    expect(UNSELECTED_ORDER).toBe(999);
    expect(COVER_ORDER).toBe(-1);
  });
});

describe("normalizePreviewOrder (selected 0..n-1 by order, cover first; unselected 999 after)", () => {
  it.each([
    ["", ""],
    ["a0 b1 c2", "a0 b1 c2"],
    ["c5 a-1 b2", "a0 b1 c2"],
    ["a- b3 c7", "b0 c1 a-"],
    ["a- b-", "a- b-"],
    ["a2 b2 c1", "c0 a1 b2"],
  ])("%s -> %s", (input, output) => expect(show(normalizePreviewOrder(slots(input)))).toBe(output));

  it("renumbers and sorts exactly", () => {
    expect(normalizePreviewOrder(slots("c5 a-1 d- b2"))).toEqual([
      { key: "a", order_index: 0, selected: true },
      { key: "b", order_index: 1, selected: true },
      { key: "c", order_index: 2, selected: true },
      { key: "d", order_index: 999, selected: false },
    ]);
  });

  it("forces 999 on an unselected slot with another order, and leaves the input alone", () => {
    const input: PreviewSlot[] = [{ key: "a", order_index: 4, selected: false }];
    expect(normalizePreviewOrder(input)).toEqual([{ key: "a", order_index: 999, selected: false }]);
    expect(input[0]!.order_index).toBe(4);
  });

  it("keeps pending marks", () => {
    const input: PreviewSlot[] = [{ key: "a", order_index: 3, selected: true, pending: "upload" }];
    expect(normalizePreviewOrder(input)).toEqual([
      { key: "a", order_index: 0, selected: true, pending: "upload" },
    ]);
  });
});

describe("toggleSelection (off: 999; on: after the last selected; the first selected is the cover)", () => {
  it.each([
    ["a0 b1 c2", "b", "a0 c1 b-"],
    ["a0 b1 c2", "a", "b0 c1 a-"],
    ["a0 b1 c-", "c", "a0 b1 c2"],
    ["a- b- c-", "b", "b0 a- c-"],
    ["a0 b- c-", "a", "a- b- c-"],
    ["a0 b- c-", "c", "a0 c1 b-"],
    ["a0 b1", "zz", "a0 b1"],
  ])("%s toggle %s -> %s", (input, key, output) =>
    expect(show(toggleSelection(slots(input), key))).toBe(output),
  );

  it("round-trips: off then on puts a slot last", () => {
    const once = toggleSelection(slots("a0 b1 c2"), "a");
    expect(show(toggleSelection(once, "a"))).toBe("b0 c1 a2");
  });
});

describe("makeCover (that slot gets -1, then normalised)", () => {
  it.each([
    ["a0 b1 c2", "c", "c0 a1 b2"],
    ["a0 b1 c2", "a", "a0 b1 c2"],
    ["a0 b1 c-", "c", "c0 a1 b2"],
    ["a0 b1", "zz", "a0 b1"],
  ])("%s cover %s -> %s", (input, key, output) => expect(show(makeCover(slots(input), key))).toBe(output));
});

describe("moveSlot (swaps a selected slot with its neighbour, marking both for reorder)", () => {
  it.each([
    ["a0 b1 c2", "b", -1, "b0(reorder) a1(reorder) c2"],
    ["a0 b1 c2", "b", 1, "a0 c1(reorder) b2(reorder)"],
    ["a0 b1 c2", "a", -1, "a0 b1 c2"],
    ["a0 b1 c2", "c", 1, "a0 b1 c2"],
    ["a0 b1 c-", "b", 1, "a0 b1 c-"],
    ["a0 b1 c-", "c", -1, "a0 b1 c-"],
    ["a0 b1", "zz", 1, "a0 b1"],
  ] as const)("%s move %s by %i -> %s", (input, key, direction, output) =>
    expect(show(moveSlot(slots(input), key, direction))).toBe(output),
  );

  it("keeps an upload or delete pending rather than calling it a reorder", () => {
    const input: PreviewSlot[] = [
      { key: "a", order_index: 0, selected: true, pending: "upload" },
      { key: "b", order_index: 1, selected: true, pending: "reorder" },
    ];
    expect(show(moveSlot(input, "b", -1))).toBe("b0(reorder) a1(upload)");
  });
});

describe("visibleSlotCount (spec 4 and 9: at least 3 preview slots; one empty slot to add to)", () => {
  it.each([
    [0, 3],
    [1, 3],
    [2, 3],
    [3, 4],
    [7, 8],
  ])("%i images -> %i slots", (count, visible) => expect(visibleSlotCount(count)).toBe(visible));
});
