import { formatMoney } from "@market/domain";
import { useTexts } from "../../state/site-config.ts";

/**
 * A price as every screen shows it: "Free", "$4.99", or a sale's price beside the struck-through full
 * price (which screen readers hear as "was $6.00"). `saleCents` is given only while a sale runs (isOnSale).
 */
export function Price({
  cents,
  saleCents = null,
  size = "md",
  className = "",
}: {
  cents: number;
  saleCents?: number | null;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  const t = useTexts();
  const text = { sm: "text-sm", md: "text-base", lg: "text-2xl" }[size];
  return (
    <span
      className={`inline-flex flex-wrap items-baseline gap-x-2 font-bold tabular-nums ${text} ${className}`}
    >
      {saleCents !== null ? (
        <>
          <span className="text-sale-strong">{formatMoney(saleCents)}</span>
          <s className="text-[0.8em] font-normal text-muted">
            <span className="sr-only">{t("tile.was")} </span>
            {formatMoney(cents)}
          </s>
        </>
      ) : (
        <span>{formatMoney(cents)}</span>
      )}
    </span>
  );
}
