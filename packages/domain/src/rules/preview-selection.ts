import { COUNTS } from "./limits.ts";

/**
 * The preview images step (spec 4 Resource): the creator picks which uploaded images are previews
 * and their order. The first selected is the cover. Pending marks what the server still has to hear
 * about (a new upload, a changed order, a deletion). Every function returns new slots and never
 * changes its input, so the web app can keep them in state as they are.
 */
export interface PreviewSlot {
  key: string;
  order_index: number;
  selected: boolean;
  pending?: "upload" | "reorder" | "delete";
}

/** The order of a slot that is not selected (spec 4: toggling off sets 999). */
export const UNSELECTED_ORDER = 999;
/** The order that makes a slot the cover before normalising: it sorts before every 0..n. */
export const COVER_ORDER = -1;

/**
 * Selected slots sorted by order_index (the cover's -1 first; ties keep their current order) and
 * renumbered 0..n-1, then the unselected ones with 999, in their current order.
 */
export function normalizePreviewOrder(slots: readonly PreviewSlot[]): PreviewSlot[] {
  const selected = slots
    .filter((slot) => slot.selected)
    .sort((a, b) => a.order_index - b.order_index)
    .map((slot, index) => ({ ...slot, order_index: index }));
  const unselected = slots
    .filter((slot) => !slot.selected)
    .map((slot) => ({ ...slot, order_index: UNSELECTED_ORDER }));
  return [...selected, ...unselected];
}

/**
 * Selects or unselects one slot. Off: order 999. On: after the last selected one, or the cover when
 * it is the only one selected. An unknown key changes nothing (but the result is still normalised).
 */
export function toggleSelection(slots: readonly PreviewSlot[], key: string): PreviewSlot[] {
  const target = slots.find((slot) => slot.key === key);
  if (!target) return normalizePreviewOrder(slots);
  const selectedOrders = slots.filter((slot) => slot.selected).map((slot) => slot.order_index);
  const order = target.selected
    ? UNSELECTED_ORDER
    : selectedOrders.length === 0
      ? COVER_ORDER
      : Math.max(...selectedOrders) + 1;
  return normalizePreviewOrder(
    slots.map((slot) => (slot === target ? { ...slot, selected: !slot.selected, order_index: order } : slot)),
  );
}

/** Makes a slot the cover (first); an unselected one becomes selected, since the cover is shown. */
export function makeCover(slots: readonly PreviewSlot[], key: string): PreviewSlot[] {
  return normalizePreviewOrder(
    slots.map((slot) => (slot.key === key ? { ...slot, selected: true, order_index: COVER_ORDER } : slot)),
  );
}

/** An upload or a delete still to be sent already carries the slot, so it is not turned into a reorder. */
function markReorder(slot: PreviewSlot): PreviewSlot {
  return slot.pending === undefined || slot.pending === "reorder" ? { ...slot, pending: "reorder" } : slot;
}

/**
 * Moves a selected slot one place earlier (-1) or later (1), swapping with its neighbour; both are
 * marked for a reorder. At either end, or for an unselected or unknown slot, nothing moves.
 */
export function moveSlot(slots: readonly PreviewSlot[], key: string, direction: -1 | 1): PreviewSlot[] {
  const normal = normalizePreviewOrder(slots);
  const from = normal.findIndex((slot) => slot.key === key && slot.selected);
  const to = from + direction;
  const neighbour = normal[to];
  const moving = normal[from];
  if (from === -1 || !moving || !neighbour || !neighbour.selected) return normal;
  normal[from] = markReorder({ ...neighbour, order_index: moving.order_index });
  normal[to] = markReorder({ ...moving, order_index: neighbour.order_index });
  return normal;
}

/** The slots the step shows: each image and one empty slot to add another, never fewer than 3 (spec 4). */
export function visibleSlotCount(count: number): number {
  return Math.max(COUNTS.previewSlots, count + 1);
}
