import { type EarningsActivityResponse, formatAmount } from "@market/domain";
import { formatIsoDate } from "../../components/format.ts";
import { Button, TableHead } from "../../components/ui/index.ts";
import { earningsCsv } from "./earnings-csv.ts";
import { balancesAfter, describe, kindLabel, signed } from "./earnings-lines.ts";
import { useEarningsTexts } from "./earnings-texts.ts";

/** Every line of the balance as a table, with the balance after it, and the same as a CSV to download. */
export function DataSection({ data }: { data: EarningsActivityResponse }) {
  const e = useEarningsTexts();
  const after = balancesAfter(data);
  const download = () => {
    const url = URL.createObjectURL(new Blob([earningsCsv(e, data)], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${e("earnings.csvFile")}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4">
      <Button variant="secondary" className="self-start" onClick={download}>
        {e("earnings.downloadCsv")}
      </Button>
      <p id="earnings-data-caption" className="text-sm text-muted">
        {e("earnings.dataCaption")}
      </p>
      {/* Wider than a phone: it scrolls sideways, and takes focus so a keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="overflow-x-auto" aria-labelledby="earnings-data-caption" tabIndex={0}>
        <table className="w-full min-w-[36rem] text-left text-sm" aria-labelledby="earnings-data-caption">
          <TableHead
            gap="pr-3"
            className="border-b border-line"
            columns={[
              { key: "date", label: e("earnings.column.date"), className: "py-2" },
              { key: "kind", label: e("earnings.column.kind") },
              { key: "what", label: e("earnings.column.what") },
              { key: "amount", label: e("earnings.column.amount"), numeric: true },
              { key: "balanceAfter", label: e("earnings.column.balanceAfter"), numeric: true },
            ]}
          />
          <tbody>
            {data.lines.map((line, i) => (
              <tr key={line.id} className="border-b border-line">
                <td className="whitespace-nowrap py-2 pr-3">{formatIsoDate(line.day)}</td>
                <td className="pr-3">{kindLabel(e, line)}</td>
                <td className="pr-3">{describe(e, line)}</td>
                <td className="whitespace-nowrap pr-3 text-right tabular-nums">{signed(line.amount)}</td>
                <td className="whitespace-nowrap text-right tabular-nums">{formatAmount(after[i]!)}</td>
              </tr>
            ))}
            {data.earlierTotal !== 0 ? (
              <tr className="border-b border-line">
                <td className="py-2 pr-3" />
                <td className="pr-3" />
                <td className="pr-3">{e("earnings.earlier")}</td>
                <td className="pr-3 text-right tabular-nums">{signed(data.earlierTotal)}</td>
                <td className="text-right tabular-nums">{formatAmount(data.earlierTotal)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>
    </div>
  );
}
