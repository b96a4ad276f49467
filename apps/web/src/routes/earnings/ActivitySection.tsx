import { type EarningsActivityResponse, formatAmount } from "@market/domain";
import { useState } from "react";
import { formatIsoDate } from "../../components/format.ts";
import { useCheckoutTexts } from "../checkout/checkout-texts.ts";
import { openReceiptPage } from "../checkout/open-receipt.ts";
import { describe, KIND_LABEL, kindLabel, signed } from "./earnings-lines.ts";
import { useEarningsTexts } from "./earnings-texts.ts";

/**
 * One line's cells on one grid, so amounts stand in a column: on a phone the kind and amount share the
 * first row, the description takes the second, the date and receipt the third; from `sm` up, one row.
 */
const ROW = {
  line: "grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 gap-y-0.5 px-4 py-3 sm:grid-cols-[8rem_minmax(0,1fr)_7.5rem_6.5rem_4.5rem]",
  kind: "col-start-1 row-start-1 text-sm font-semibold",
  amount: "col-start-2 row-start-1 text-right font-semibold tabular-nums sm:col-start-4",
  what: "col-span-2 col-start-1 row-start-2 break-words sm:col-span-1 sm:col-start-2 sm:row-start-1",
  date: "col-start-1 row-start-3 whitespace-nowrap text-sm text-muted sm:col-start-3 sm:row-start-1",
  receipt: "col-start-2 row-start-3 text-right sm:col-start-5 sm:row-start-1",
  total: "col-span-2 col-start-1 row-start-1 sm:col-span-3",
  wide: "col-span-2 sm:col-span-5",
} as const;

/** The balance told line by line, adding up to it, then what was earned elsewhere (referrals, features). */
export function ActivitySection({ data }: { data: EarningsActivityResponse }) {
  const e = useEarningsTexts();
  const checkout = useCheckoutTexts();
  // The line whose receipt could not be opened (its tab closed again), told in words beside it.
  const [failedReceipt, setFailedReceipt] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-ui border border-line">
        <ul className="divide-y divide-line" aria-label={e("earnings.activity")}>
          {data.lines.map((line) => (
            <li key={line.id} className={`${ROW.line} ${line.kind === "fee" ? "bg-wash" : ""}`}>
              <span className={`${ROW.kind} ${line.kind === "fee" ? "sm:pl-3" : ""}`}>
                {kindLabel(e, line)}
              </span>
              <span className={ROW.what}>{describe(e, line)}</span>
              <span className={ROW.date}>{formatIsoDate(line.day)}</span>
              <span className={ROW.amount}>{signed(line.amount)}</span>
              {line.receipt ? (
                <span className={ROW.receipt}>
                  <button
                    type="button"
                    className="text-sm font-medium underline"
                    aria-label={e("earnings.receiptOf", { title: line.title ?? "" })}
                    onClick={() => {
                      setFailedReceipt(null);
                      openReceiptPage(line.receipt!).catch(() => setFailedReceipt(line.id));
                    }}
                  >
                    {e("earnings.receipt")}
                  </button>
                </span>
              ) : null}
              {failedReceipt === line.id ? (
                <p role="alert" className={`${ROW.wide} text-sm font-medium text-danger`}>
                  {checkout("receipt.failed")}
                </p>
              ) : null}
            </li>
          ))}
          {data.earlierTotal !== 0 ? (
            <li className={ROW.line}>
              <span className={ROW.total}>{e("earnings.earlier")}</span>
              <span className={ROW.amount}>{signed(data.earlierTotal)}</span>
            </li>
          ) : null}
        </ul>
        <p className={`${ROW.line} border-t-2 border-ink font-bold`}>
          <span className={ROW.total}>{e("earnings.addsUp")}</span>
          <span className={ROW.amount}>{formatAmount(data.balance)}</span>
        </p>
      </div>
      {data.other.length > 0 ? (
        <section className="flex flex-col gap-2" aria-labelledby="earnings-other">
          <h2 id="earnings-other" className="text-lg font-semibold">
            {e("earnings.otherTitle")}
          </h2>
          <p className="text-sm text-muted">{e("earnings.otherBody")}</p>
          <ul className="divide-y divide-line rounded-ui border border-line">
            {data.other.map((item) => (
              <li key={`${item.kind}-${item.id}`} className={ROW.line}>
                <span className={ROW.kind}>{e(KIND_LABEL[item.kind])}</span>
                <span className={ROW.what}>
                  {item.kind === "referral"
                    ? e("earnings.referral", { title: item.title ?? "" })
                    : e("earnings.featured", { title: item.title ?? "" })}
                </span>
                <span className={ROW.date}>{formatIsoDate(item.day)}</span>
                <span className={`${ROW.amount} font-normal`}>{formatAmount(item.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
