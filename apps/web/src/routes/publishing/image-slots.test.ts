import type { PublishingPreview } from "@market/domain";
import { makeCover, moveSlot, toggleSelection } from "@market/domain";
import { describe, expect, it } from "vitest";
import { type ImageSlot, planImageSave, slotsFromPreviews } from "./image-slots.ts";

const stored = (id: string, order_index: number): PublishingPreview => ({
  id,
  order_index,
  size_bytes: 100,
  locator: `previews/r/${id}.webp`,
  generated_name: null,
  width: 692,
  height: 896,
});

const file = (name: string) => new File(["x"], name, { type: "image/png" });

describe("the images step's save plan (spec 4: pending upload, reorder and delete applied on save)", () => {
  const previews = [stored("a", 0), stored("b", 1), stored("c", 999)];
  const slots = slotsFromPreviews(previews, (l) => `/api/files/${l}`);

  it("reads stored previews as slots: selected in order, hidden ones (999) after them", () => {
    expect(slots.map((s) => [s.key, s.order_index, s.selected])).toEqual([
      ["a", 0, true],
      ["b", 1, true],
      ["c", 999, false],
    ]);
  });

  it("sends nothing when nothing changed", () => {
    expect(planImageSave(slots, [], previews)).toEqual([]);
  });

  it("deletes first, then places every slot at its final position from the first to the last", () => {
    const upload: ImageSlot = {
      key: "new-1",
      order_index: 999,
      selected: false,
      pending: "upload",
      src: "blob:1",
      file: file("n.png"),
    };
    let changed = toggleSelection([...slots, upload], "new-1") as ImageSlot[];
    changed = makeCover(changed, "new-1") as ImageSlot[];
    changed = toggleSelection(changed, "c") as ImageSlot[];
    changed = moveSlot(changed, "c", -1) as ImageSlot[];
    const plan = planImageSave(
      changed.filter((s) => s.key !== "b"),
      ["b"],
      previews,
    );
    expect(
      plan.map((op) => [op.kind, "id" in op ? op.id : op.key, "orderIndex" in op ? op.orderIndex : null]),
    ).toEqual([
      ["delete", "b", null],
      ["upload", "new-1", 0],
      ["order", "a", 1],
      ["order", "c", 2],
    ]);
  });

  it("keeps hidden slots at 999 and picks rendered pages by their generated name", () => {
    const page: ImageSlot = {
      key: "page-1",
      order_index: 999,
      selected: false,
      pending: "upload",
      src: "/p",
      generatedName: "f-1",
    };
    const hidden = toggleSelection(slotsFromPreviews(previews, String), "a") as ImageSlot[];
    const plan = planImageSave([...hidden, page], [], previews);
    expect(plan).toEqual([
      { kind: "order", id: "b", orderIndex: 0 },
      { kind: "order", id: "a", orderIndex: 999 },
      { kind: "order", id: "c", orderIndex: 999 },
      { kind: "generated", key: "page-1", generatedName: "f-1", orderIndex: 999 },
    ]);
  });
});
