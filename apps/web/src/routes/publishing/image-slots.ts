import type { PublishingPreview } from "@market/domain";
import { normalizePreviewOrder, type PreviewSlot, UNSELECTED_ORDER } from "@market/domain";

/** A slot of the images step: a stored preview, or an image or rendered page still to be sent. */
export interface ImageSlot extends PreviewSlot {
  src: string;
  file?: File;
  generatedName?: string;
}

export function slotsFromPreviews(previews: readonly PublishingPreview[], src: (locator: string) => string) {
  return normalizePreviewOrder(
    previews.map((p) => ({
      key: p.id,
      order_index: p.order_index,
      selected: p.order_index < UNSELECTED_ORDER,
      src: src(p.locator),
    })),
  ) as ImageSlot[];
}

export type SaveOperation =
  | { kind: "delete"; id: string }
  | { kind: "upload"; key: string; file: File; orderIndex: number }
  | { kind: "generated"; key: string; generatedName: string; orderIndex: number }
  | { kind: "order"; id: string; orderIndex: number };

/**
 * What "Save and continue" sends for the pending actions (spec 4: upload, reorder, delete are applied on
 * save): deletions first, then every slot in its final order, each placed at its final position. The
 * server places an item at a position before those already there, so going from the first position to
 * the last leaves exactly this order whatever it was before. Nothing pending: nothing to send.
 */
export function planImageSave(
  slots: readonly ImageSlot[],
  deletedIds: readonly string[],
  stored: readonly PublishingPreview[],
): SaveOperation[] {
  const final = normalizePreviewOrder(slots) as ImageSlot[];
  const storedOrder = new Map(stored.map((p) => [p.id, p.order_index]));
  const unchanged =
    deletedIds.length === 0 &&
    final.every(
      (slot) => !slot.file && !slot.generatedName && storedOrder.get(slot.key) === slot.order_index,
    );
  if (unchanged) return [];
  const operations: SaveOperation[] = deletedIds.map((id) => ({ kind: "delete", id }));
  for (const slot of final) {
    const orderIndex = slot.selected ? slot.order_index : UNSELECTED_ORDER;
    if (slot.file) operations.push({ kind: "upload", key: slot.key, file: slot.file, orderIndex });
    else if (slot.generatedName)
      operations.push({ kind: "generated", key: slot.key, generatedName: slot.generatedName, orderIndex });
    else operations.push({ kind: "order", id: slot.key, orderIndex });
  }
  return operations;
}
