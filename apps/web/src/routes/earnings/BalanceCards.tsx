import { type EarningsBalanceResponse, formatAmount } from "@market/domain";
import { Skeleton } from "../../components/ui/index.ts";
import { useEarningsTexts } from "./earnings-texts.ts";

/** The four balances, each in its card; a placeholder until they are read. */
export function BalanceCards({ balance: b }: { balance: EarningsBalanceResponse | undefined }) {
  const e = useEarningsTexts();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
      {(
        [
          ["earnings.balance", b?.balance],
          ["earnings.estimatedBalance", b?.estimatedBalance],
          ["earnings.eligibleBalance", b?.eligibleBalance],
          ["earnings.pendingPayout", b?.pendingPayout],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="rounded-ui border border-line p-3 sm:p-4">
          <dt className="text-sm text-muted">{e(label)}</dt>
          <dd
            className={`text-xl font-bold tabular-nums sm:text-2xl ${value !== undefined && value < 0 ? "text-danger" : ""}`}
          >
            {value === undefined ? <Skeleton className="mt-1 h-7 w-24" /> : formatAmount(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
