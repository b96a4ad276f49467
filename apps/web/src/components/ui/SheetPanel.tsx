import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTexts } from "../../state/site-config.ts";

/**
 * A panel that slides over the page from an edge (filters on a phone, the header's menu): a dialog in
 * every other way (focus kept inside, Escape and the backdrop close it, focus returns to its opener).
 */
export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  side?: "left" | "right" | "bottom";
  /** Actions kept in view at the bottom of the panel (Apply, Clear). */
  footer?: ReactNode;
  children: ReactNode;
}

/** Loaded with its dialog library on first opening (Sheet.tsx). */
export default function SheetPanel({
  open,
  onOpenChange,
  title,
  side = "right",
  footer,
  children,
}: SheetProps) {
  const t = useTexts();
  const place = {
    left: "inset-y-0 left-0 h-dvh w-[min(22rem,90vw)] animate-[sheet-in-left_150ms_ease-out]",
    right: "inset-y-0 right-0 h-dvh w-[min(22rem,90vw)] animate-[sheet-in-right_150ms_ease-out]",
    bottom: "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl animate-[sheet-in-bottom_150ms_ease-out]",
  }[side];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`fixed z-50 flex flex-col bg-paper shadow-2xl ${place}`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-4 py-3">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-wash"
              aria-label={t("ui.close")}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
          {footer ? <div className="border-t border-line px-4 py-3">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
