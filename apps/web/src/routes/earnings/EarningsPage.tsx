import {
  type EarningsActivityResponse,
  type EarningsBalanceResponse,
  type EarningsLineKind,
  type EarningsLineResponse,
  type EarningsMonth,
  formatAmount,
  formatMoney,
  monthEarned,
  type OtherActivityKind,
  type PayoutResponse,
  type PayoutStatus,
  type PayoutsResponse,
} from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { formatIsoDate, formatMonth } from "../../components/format.ts";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Button, EmptyState, LinkButton, Skeleton } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { useCheckoutTexts } from "../checkout/checkout-texts.ts";
import { openReceiptPage } from "../checkout/open-receipt.ts";
import { EARNINGS_SERIES, hasEarnings } from "./earnings-series.ts";
import { type EarningsTextKey, type EarningsTexts, useEarningsTexts } from "./earnings-texts.ts";
import { StrongValue } from "./StrongValue.tsx";

/** The chart and its library load only when the graph is shown (never with the first screen). */
const EarningsChart = lazy(() => import("./EarningsChart.tsx"));

const SECTIONS = [
  ["activity", "earnings.section.activity"],
  ["data", "earnings.section.data"],
  ["graph", "earnings.section.graph"],
  ["payout", "earnings.section.payout"],
] as const satisfies readonly (readonly [string, EarningsTextKey])[];
type Section = (typeof SECTIONS)[number][0];

/** Every kind the contract allows has its word: nothing on this page shows a code. */
const KIND_LABEL: Record<EarningsLineKind | OtherActivityKind, EarningsTextKey> = {
  sale: "earnings.kind.sale",
  gift: "earnings.kind.gift",
  tip: "earnings.kind.tip",
  fee: "earnings.kind.fee",
  payout: "earnings.kind.payout",
  adjustment: "earnings.kind.adjustment",
  referral: "earnings.kind.referral",
  feature: "earnings.kind.feature",
};

const PAYOUT_STATUS: Record<Exclude<PayoutStatus, "paid">, EarningsTextKey> = {
  requested: "earnings.payoutStatus.requested",
  rejected: "earnings.payoutStatus.rejected",
};

/** What a line says: what sold, who tipped and their note, what a fee was taken from. */
function describe(e: EarningsTexts, line: EarningsLineResponse): string {
  switch (line.kind) {
    case "sale":
    case "gift":
      return line.title ?? "";
    case "tip":
      return line.note
        ? e("earnings.tipFromWithNote", { username: line.from ?? "", note: line.note })
        : e("earnings.tipFrom", { username: line.from ?? "" });
    case "fee":
      return line.feeFor === "tip"
        ? e("earnings.feeOnTip", { username: line.from ?? "" })
        : e("earnings.feeOnSale", { title: line.title ?? "" });
    case "payout":
      return e("earnings.payoutLine");
    case "adjustment":
      return e("earnings.adjustmentLine");
  }
}

/** A line's amount with its sign: "+$8.00", "-$2.00". */
const signed = (cents: number) => (cents > 0 ? `+${formatAmount(cents)}` : formatAmount(cents));

/** The balance after each line (newest first): the balance, less each newer line in turn. */
function balancesAfter(data: EarningsActivityResponse): number[] {
  const after: number[] = [];
  let running = data.balance;
  for (const line of data.lines) {
    after.push(running);
    running -= line.amount;
  }
  return after;
}

/** A text cell a spreadsheet will not run as a formula (a tip note may start with "="). */
const csvText = (value: string) =>
  `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;
const csvDollars = (cents: number) => (cents / 100).toFixed(2);

/** The balance's lines as CSV: headers in words, days as YYYY-MM-DD (what spreadsheets read as dates). */
export function earningsCsv(e: EarningsTexts, data: EarningsActivityResponse): string {
  const after = balancesAfter(data);
  const rows = [
    [
      e("earnings.csv.date"),
      e("earnings.csv.kind"),
      e("earnings.csv.what"),
      e("earnings.csv.amount"),
      e("earnings.csv.balanceAfter"),
    ].map(csvText),
    ...data.lines.map((line, i) => [
      line.day,
      csvText(e(KIND_LABEL[line.kind])),
      csvText(describe(e, line)),
      csvDollars(line.amount),
      csvDollars(after[i]!),
    ]),
  ];
  if (data.earlierTotal !== 0) {
    rows.push([
      "",
      "",
      csvText(e("earnings.earlier")),
      csvDollars(data.earlierTotal),
      csvDollars(data.earlierTotal),
    ]);
  }
  return `${rows.map((r) => r.join(",")).join("\n")}\n`;
}

/**
 * /earnings with activity, data, graph and payout (spec 2): the balances, then the balance told line by
 * line (sales, tips, the platform's fees and payouts, adding up to it), as a table to download, as a chart
 * with its table, and the payout request.
 */
export default function EarningsPage() {
  const e = useEarningsTexts();
  const location = useLocation();
  const section = (location.pathname.split("/")[2] as Section | undefined) ?? "activity";
  const balance = useQuery({
    queryKey: ["earnings", "balance"],
    queryFn: ({ signal }) => api.get<EarningsBalanceResponse>("/earnings/self/balance", { signal }),
  });
  const activity = useQuery({
    queryKey: ["earnings", "activity"],
    queryFn: ({ signal }) => api.get<EarningsActivityResponse>("/earnings/self/activity", { signal }),
  });
  const b = balance.data;

  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey="earnings" />
      <h1 className="text-2xl font-bold sm:text-3xl">{e("earnings.title")}</h1>
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
            <dd className="text-xl font-bold tabular-nums sm:text-2xl">
              {value === undefined ? <Skeleton className="mt-1 h-7 w-24" /> : formatAmount(value)}
            </dd>
          </div>
        ))}
      </dl>
      <nav aria-label={e("earnings.sections")} className="border-b border-line">
        <ul className="flex gap-1 overflow-x-auto">
          {SECTIONS.map(([path, label]) => (
            <li key={path}>
              <NavLink
                to={`/earnings/${path}`}
                aria-current={section === path ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 font-medium ${section === path ? "border-ink" : "border-transparent text-muted"}`}
              >
                {e(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {section === "payout" ? (
        <PayoutSection balance={b} />
      ) : activity.isError ? (
        <EmptyState
          tone="error"
          title={e("earnings.loadFailed")}
          action={
            <Button variant="secondary" onClick={() => void activity.refetch()}>
              {e("earnings.retry")}
            </Button>
          }
        />
      ) : !activity.data ? (
        <div className="flex flex-col gap-2" role="status" aria-label={e("earnings.loading")}>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : activity.data.lines.length === 0 && activity.data.other.length === 0 ? (
        <EmptyState
          title={e("earnings.emptyTitle")}
          body={e("earnings.empty")}
          action={<LinkButton to="/publishing">{e("earnings.emptyAction")}</LinkButton>}
        />
      ) : section === "data" ? (
        <DataSection data={activity.data} />
      ) : section === "graph" ? (
        <GraphSection months={activity.data.months} />
      ) : (
        <ActivitySection data={activity.data} />
      )}
    </section>
  );
}

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

function ActivitySection({ data }: { data: EarningsActivityResponse }) {
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
                {e(KIND_LABEL[line.kind])}
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

function DataSection({ data }: { data: EarningsActivityResponse }) {
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
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                {e("earnings.column.date")}
              </th>
              <th scope="col" className="pr-3">
                {e("earnings.column.kind")}
              </th>
              <th scope="col" className="pr-3">
                {e("earnings.column.what")}
              </th>
              <th scope="col" className="pr-3 text-right">
                {e("earnings.column.amount")}
              </th>
              <th scope="col" className="text-right">
                {e("earnings.column.balanceAfter")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line, i) => (
              <tr key={line.id} className="border-b border-line">
                <td className="whitespace-nowrap py-2 pr-3">{formatIsoDate(line.day)}</td>
                <td className="pr-3">{e(KIND_LABEL[line.kind])}</td>
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

/** The chart and, beside it, the same months as a table: the chart's accessible equivalent. */
function GraphSection({ months }: { months: readonly EarningsMonth[] }) {
  const e = useEarningsTexts();
  if (!hasEarnings(months)) return <EmptyState title={e("earnings.graph")} body={e("earnings.graphEmpty")} />;
  const total = (pick: (m: EarningsMonth) => number) => months.reduce((sum, m) => sum + pick(m), 0);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <section aria-labelledby="earnings-graph" className="flex min-w-0 flex-col gap-2">
        <h2 id="earnings-graph" className="text-lg font-semibold">
          {e("earnings.graph")}
        </h2>
        <Suspense
          fallback={
            <div role="status" aria-label={e("earnings.graphLoading")}>
              <Skeleton className="h-72" />
            </div>
          }
        >
          <EarningsChart months={months} />
        </Suspense>
      </section>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left text-lg font-semibold">{e("earnings.graphTable")}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-2">
                {e("earnings.column.month")}
              </th>
              {EARNINGS_SERIES.map((s) => (
                <th key={s.key} scope="col" className="pr-2 text-right">
                  <span
                    aria-hidden="true"
                    className="mr-1.5 inline-block h-2.5 w-2.5 rounded-sm"
                    style={{ background: s.color }}
                  />
                  {e(s.label)}
                </th>
              ))}
              <th scope="col" className="text-right">
                {e("earnings.column.earned")}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month} className="border-b border-line">
                <th scope="row" className="whitespace-nowrap py-1.5 pr-2 font-normal">
                  {formatMonth(m.month)}
                </th>
                {EARNINGS_SERIES.map((s) => (
                  <td key={s.key} className="whitespace-nowrap pr-2 text-right tabular-nums">
                    {formatAmount(m[s.key])}
                  </td>
                ))}
                <td className="whitespace-nowrap text-right font-semibold tabular-nums">
                  {formatAmount(monthEarned(m))}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-2 text-left">
                {e("earnings.total")}
              </th>
              {EARNINGS_SERIES.map((s) => (
                <td key={s.key} className="whitespace-nowrap pr-2 text-right tabular-nums">
                  {formatAmount(total((m) => m[s.key]))}
                </td>
              ))}
              <td className="whitespace-nowrap text-right tabular-nums">
                {formatAmount(total(monthEarned))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

/** A payout's state in words: when it was paid, or waiting, or refused. */
function payoutStatus(e: EarningsTexts, p: PayoutResponse): string {
  if (p.status === "paid")
    return e("earnings.payoutPaid", { date: formatIsoDate(p.payoutDate ?? p.requestedDay) });
  return e(PAYOUT_STATUS[p.status]);
}

function PayoutSection({ balance }: { balance: EarningsBalanceResponse | undefined }) {
  const e = useEarningsTexts();
  const settings = useSiteSettings();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const minimum = formatMoney(settings.payoutMinimumCents);
  const payouts = useQuery({
    queryKey: ["earnings", "payouts"],
    queryFn: ({ signal }) => api.get<PayoutsResponse>("/earnings/self/payouts", { signal }),
  });
  const request = useMutation({
    mutationFn: () => api.post<PayoutResponse>("/earnings/self/payouts", undefined),
    onSuccess: (p) => {
      setMessage(e("earnings.payoutRequested", { amount: formatMoney(p.amount) }));
      void queryClient.invalidateQueries({ queryKey: ["earnings"] });
    },
    onError: (error) =>
      setMessage(
        error instanceof ApiError && error.fields?.amount === "below_payout_minimum"
          ? e("earnings.belowMinimum", { minimum })
          : e("earnings.payoutFailed", { reason: error instanceof Error ? error.message : String(error) }),
      ),
  });
  const nothingToPay = balance !== undefined && balance.eligiblePayout === 0;
  return (
    <div className="flex flex-col gap-4">
      <p>
        <StrongValue
          text={e("earnings.availableNow")}
          name="amount"
          value={balance ? formatAmount(balance.eligiblePayout) : "…"}
        />{" "}
        {e("earnings.holdRule", { days: String(settings.payoutHoldDays), minimum })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          disabled={!balance || nothingToPay}
          busy={request.isPending}
          onClick={() => request.mutate()}
          aria-describedby={nothingToPay ? "earnings-payout-hint" : undefined}
        >
          {e("earnings.requestPayout")}
        </Button>
        {nothingToPay ? (
          <span id="earnings-payout-hint" className="text-sm text-muted">
            {e("earnings.belowMinimum", { minimum })}
          </span>
        ) : null}
      </div>
      <p role="status" className={message ? "font-medium" : "sr-only"}>
        {message}
      </p>
      <h2 className="text-lg font-semibold">{e("earnings.payouts")}</h2>
      {!payouts.data ? (
        payouts.isError ? (
          <p role="alert">{e("earnings.loadFailed")}</p>
        ) : (
          <Skeleton className="h-12" />
        )
      ) : payouts.data.payouts.length === 0 ? (
        <p className="text-muted">{e("earnings.noPayouts")}</p>
      ) : (
        <ul className="divide-y divide-line rounded-ui border border-line" aria-label={e("earnings.payouts")}>
          {payouts.data.payouts.map((p) => (
            <li key={p.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 px-4 py-3">
              <span className="font-medium">{payoutStatus(e, p)}</span>
              <span className="text-right font-semibold tabular-nums">{formatAmount(p.amount)}</span>
              <span className="col-span-2 text-sm text-muted">
                {e("earnings.payoutRequestedOn", { date: formatIsoDate(p.requestedDay) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
