import type { HelpEntry } from "@market/domain";
import * as Dialog from "@radix-ui/react-dialog";
import { useHelpTexts } from "./help-texts.ts";
import { TermsPanel } from "./TermsPanel.tsx";

/**
 * The help modal of spec 4 while changed terms of service are pending: "The help modal can be closed only when
 * there are no changed terms-of-service entries." So it has no close button, and Escape or a click outside do
 * nothing; accepting the terms is the way out. Focus stays trapped inside, as in every dialog.
 */
export default function HelpModal({ entries }: { entries: HelpEntry[] }) {
  const t = useHelpTexts();
  const keepOpen = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-ui bg-paper p-6 shadow-xl"
        >
          <Dialog.Title className="mb-4 text-xl font-bold">{t("terms.title")}</Dialog.Title>
          <TermsPanel entries={entries} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
