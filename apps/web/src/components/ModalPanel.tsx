import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useDelayedOpen } from "./grid-hooks.ts";
// From button.ts itself: ui/index.ts re-exports this dialog, so importing the index here would be a cycle.
import { buttonClass } from "./ui/button.ts";

/**
 * An accessible dialog (focus trapped, Escape closes, focus returns to the opener) that opens with the spec's
 * 100 ms delay once `open` turns true.
 */
export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  wide?: boolean;
  /** False keeps the dialog open: no close button, and Escape or a click outside do nothing. */
  closable?: boolean;
}

/** Loaded with its dialog library on first opening (Modal.tsx). */
export default function ModalPanel({
  open,
  onClose,
  title,
  closeLabel,
  children,
  wide = false,
  closable = true,
}: ModalProps) {
  const shown = useDelayedOpen(open);
  return (
    <Dialog.Root open={shown} onOpenChange={(next) => (next || !closable ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-ui bg-paper p-6 shadow-xl ${wide ? "max-w-3xl" : "max-w-lg"}`}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
            {closable ? (
              <Dialog.Close className={buttonClass("secondary", "sm")}>{closeLabel}</Dialog.Close>
            ) : null}
          </div>
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
