import { lazy, Suspense } from "react";
import type { ModalProps } from "./ModalPanel.tsx";
import { useOpenedOnce } from "./opened-once.ts";

const ModalPanel = lazy(() => import("./ModalPanel.tsx"));

/**
 * An accessible dialog (focus trapped, Escape closes, focus returns to the opener) that opens with the spec's
 * 100 ms delay once `open` turns true. Its dialog library loads when a dialog first opens, not with the page.
 */
export function Modal(props: ModalProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ModalPanel {...props} />
    </Suspense>
  );
}
