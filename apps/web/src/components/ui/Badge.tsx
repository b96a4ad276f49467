import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "sale" | "success" | "info" | "warning";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-wash text-ink",
  sale: "bg-sale text-sale-text",
  success: "bg-success text-success-text",
  info: "bg-info text-info-text",
  warning: "bg-message text-message-text",
};

/** A short label on a card or beside a title: "On sale", "Free", "Bundle", "You own this". */
export function Badge({
  tone = "neutral",
  className = "",
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
