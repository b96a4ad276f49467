import { useRef, useState } from "react";
import { Button, buttonClass } from "./ui/index.ts";

/** What pressing Copy did: put the link on the clipboard, or, where the clipboard is closed, select it. */
export type CopyOutcome = "idle" | "copied" | "selected";

/**
 * Copying a link to the clipboard. Where the browser keeps the clipboard closed, the link's field (`input`)
 * is focused and selected instead, so the user can copy it themselves.
 */
export function useCopyLink(link: string | null) {
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<CopyOutcome>("idle");
  const copyLink = async () => {
    if (!link) return;
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(link);
      setOutcome("copied");
    } catch {
      input.current?.focus();
      input.current?.select();
      setOutcome("selected");
    }
  };
  return { input, outcome, copyLink };
}

/** Copy and E-mail for a link, and what the copy did, said to screen readers as it happens. */
export function CopyLinkActions({
  outcome,
  onCopy,
  mailto,
  copyVariant = "secondary",
  labels,
}: {
  outcome: CopyOutcome;
  onCopy: () => void;
  /** The mailto: address of the e-mail carrying the link. */
  mailto: string;
  copyVariant?: "primary" | "secondary";
  labels: { copy: string; email: string; copied: string; copyFallback: string };
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant={copyVariant} onClick={onCopy}>
        {labels.copy}
      </Button>
      <a href={mailto} className={buttonClass("secondary")}>
        {labels.email}
      </a>
      <span aria-live="polite" className="text-sm">
        {outcome === "copied" ? labels.copied : outcome === "selected" ? labels.copyFallback : ""}
      </span>
    </div>
  );
}
