import { lazy, Suspense } from "react";
import { useOpenedOnce } from "../opened-once.ts";
import type { SheetProps } from "./SheetPanel.tsx";

const SheetPanel = lazy(() => import("./SheetPanel.tsx"));

/**
 * A panel that slides over the page from an edge (filters on a phone, the header's menu): a dialog in
 * every other way (focus kept inside, Escape and the backdrop close it, focus returns to its opener).
 * The dialog library (about a fifth of the first bundle) loads when a sheet first opens, not with the page.
 */
export function Sheet(props: SheetProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <SheetPanel {...props} />
    </Suspense>
  );
}
