import { type AccountingPeriod, dayInZone, formatAmount, type LedgerAccount } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { formatMonth } from "../../components/format.ts";
import { Button } from "../../components/ui/index.ts";
import { type EarningsTextKey, useEarningsTexts } from "./earnings-texts.ts";

const COLUMNS: [keyof AccountingPeriod, EarningsTextKey][] = [
  ["period", "accounting.column.period"],
  ["sales", "accounting.column.sales"],
  ["fees", "accounting.column.fees"],
  ["tips", "accounting.column.tips"],
  ["donations", "accounting.column.donations"],
  ["adIncome", "accounting.column.adIncome"],
  ["featuring", "accounting.column.featuring"],
  ["payouts", "accounting.column.payouts"],
  ["refunds", "accounting.column.refunds"],
  ["siteDiscounts", "accounting.column.siteDiscounts"],
];

/** The ledger's accounts in words (an admin reads "Owed to creators", not creator_balance). */
const ACCOUNT_LABEL: Record<LedgerAccount, EarningsTextKey> = {
  card_clearing: "accounting.account.card_clearing",
  platform_revenue: "accounting.account.platform_revenue",
  platform_fees: "accounting.account.platform_fees",
  creator_balance: "accounting.account.creator_balance",
  payouts: "accounting.account.payouts",
  platform_discounts: "accounting.account.platform_discounts",
};

/** /admin/accounting: money by month from the ledger, CSV export, and the trial balance. */
export default function AccountingPage() {
  const e = useEarningsTexts();
  const id = useId();
  const [from, setFrom] = useState(`${new Date().getFullYear()}-01-01`);
  const [to, setTo] = useState(dayInZone(new Date()));
  const report = useQuery({
    queryKey: ["admin", "accounting", from, to],
    queryFn: ({ signal }) => api.call("GET /admin/accounting", { query: { from, to }, signal }),
  });
  const download = () => {
    if (!report.data) return;
    const lines = [COLUMNS.map(([, label]) => e(label)).join(",")];
    for (const p of report.data.periods) {
      lines.push(
        COLUMNS.map(([key]) => (key === "period" ? p.period : (Number(p[key]) / 100).toFixed(2))).join(","),
      );
    }
    const url = URL.createObjectURL(new Blob([`${lines.join("\n")}\n`], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `accounting-${from}-to-${to}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{e("accounting.title")}</h1>
      <div className="flex flex-wrap items-end gap-4">
        {(
          [
            ["from", "accounting.from", from, setFrom],
            ["to", "accounting.to", to, setTo],
          ] as const
        ).map(([name, label, value, set]) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
              {e(label)}
            </label>
            <input
              id={`${id}-${name}`}
              type="date"
              value={value}
              onChange={(e) => set(e.target.value)}
              className="rounded-ui border border-line px-3 py-2"
            />
          </div>
        ))}
        <Button variant="secondary" onClick={download}>
          {e("accounting.downloadCsv")}
        </Button>
      </div>
      {!report.data ? (
        <p role="status">{report.isError ? e("accounting.loadFailed") : e("accounting.loading")}</p>
      ) : (
        <>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                {COLUMNS.map(([key, label]) => (
                  <th key={key} className={`py-2 ${key === "period" ? "" : "text-right"}`}>
                    {e(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.data.periods.map((p) => (
                <tr key={p.period} className="border-b border-line">
                  {COLUMNS.map(([key]) => (
                    <td key={key} className={`py-2 ${key === "period" ? "" : "text-right"}`}>
                      {key === "period" ? formatMonth(p.period) : formatAmount(Number(p[key]))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <section>
            <h2 className="text-xl font-semibold">{e("accounting.trialBalance")}</h2>
            <p className="text-sm text-muted">
              {report.data.balanced ? e("accounting.balanced") : e("accounting.unbalanced")}
            </p>
            <ul className="mt-2 grid gap-1 sm:grid-cols-2">
              {report.data.trialBalance.map((row) => (
                <li
                  key={row.account}
                  className="flex justify-between rounded-ui border border-line px-3 py-2"
                >
                  <span>{e(ACCOUNT_LABEL[row.account])}</span>
                  <span className="tabular-nums">{formatAmount(row.total)}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
