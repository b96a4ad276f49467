import { formatAmount, type StatementYear } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { Button, LoadingPlaceholder, SelectField, Skeleton } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { DocumentButton } from "../checkout/DocumentButton.tsx";
import { type ReceiptTexts, useReceiptTexts } from "../checkout/receipt-texts.ts";

/** GET /api/activity/statements: the years the viewer paid something in, with their totals. */
export function statementYearsQuery(viewerId: string) {
  return {
    queryKey: ["library", viewerId, "statements"],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.call("GET /activity/statements", { signal }),
  };
}

function summaryOf(t: ReceiptTexts, y: StatementYear): string {
  if (y.lines === 0) return t("statements.summaryEmpty", { year: String(y.year) });
  if (y.refundedCents === 0) {
    return y.lines === 1
      ? t("statements.summaryOne", { paid: formatAmount(y.paidCents) })
      : t("statements.summaryPaid", { count: String(y.lines), paid: formatAmount(y.paidCents) });
  }
  return t("statements.summary", {
    count: String(y.lines),
    paid: formatAmount(y.paidCents),
    refunded: formatAmount(y.refundedCents),
  });
}

/**
 * "Statements" (issue 22): a year's purchases, gifts, tips, donations and refunds with totals, as CSV for
 * a spreadsheet or PDF for the files, for a school's bookkeeper. The year picker offers the years with
 * something in them and the current one.
 */
export function StatementsSection() {
  const t = useReceiptTexts();
  const heading = useId();
  const session = useSession();
  const years = useQuery(statementYearsQuery(session?.claims.sub ?? ""));
  const [picked, setPicked] = useState<number | null>(null);
  const list = years.data?.years ?? [];
  const chosen = list.find((y) => y.year === picked) ?? list[0];

  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3 rounded-card border border-line p-4">
      <h2 id={heading} className="text-lg font-bold">
        {t("statements.title")}
      </h2>
      <p className="text-sm text-muted">{t("statements.intro")}</p>
      {years.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm font-medium text-danger">
            {t("statements.loadFailed")}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void years.refetch()}>
            {t("statements.retry")}
          </Button>
        </div>
      ) : !chosen ? (
        <LoadingPlaceholder label={t("statements.loading")} className="flex flex-col gap-2">
          <Skeleton className="h-10 w-32" />
          <Skeleton className="h-10 w-72" />
        </LoadingPlaceholder>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-4">
          <SelectField
            id="statement-year"
            label={t("statements.year")}
            className="sm:w-32"
            value={String(chosen.year)}
            onChange={(event) => setPicked(Number(event.currentTarget.value))}
          >
            {list.map((y) => (
              <option key={y.year} value={y.year}>
                {y.year}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-wrap gap-2">
            <DocumentButton
              path={`/activity/statements/${chosen.year}.csv`}
              fileName={`lesson-loft-statement-${chosen.year}.csv`}
              label={t("statements.csv")}
              ariaLabel={t("statements.csvFor", { year: String(chosen.year) })}
              failed={t("statements.failed")}
            />
            <DocumentButton
              path={`/activity/statements/${chosen.year}.pdf`}
              fileName={`lesson-loft-statement-${chosen.year}.pdf`}
              label={t("statements.pdf")}
              ariaLabel={t("statements.pdfFor", { year: String(chosen.year) })}
              failed={t("statements.failed")}
            />
          </div>
        </div>
      )}
      {chosen ? (
        <p className="text-sm" aria-live="polite">
          {summaryOf(t, chosen)}
        </p>
      ) : null}
    </section>
  );
}
