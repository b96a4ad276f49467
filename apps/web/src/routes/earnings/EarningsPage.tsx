import { formatAmount, formatMoney } from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { NavLink, useLocation } from "react-router";
import { api } from "../../api/client.ts";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Button } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { useCheckoutTexts } from "../checkout/checkout-texts.ts";
import { openReceiptPage } from "../checkout/open-receipt.ts";
import { type EarningsTextKey, type EarningsTexts, useEarningsTexts } from "./earnings-texts.ts";
import { StrongValue } from "./StrongValue.tsx";

interface Balance {
  balance: number;
  estimatedBalance: number;
  eligibleBalance: number;
  eligiblePayout: number;
  pendingPayout: number;
  hasTakenPayout: boolean;
}
interface Activity {
  kind: string;
  id: string;
  amount: number;
  createdAt: string;
  title: string | null;
  from: string | null;
  refCode: string | null;
  receipt: string | null;
}
interface Payout {
  id: string;
  amount: number;
  status: string;
  requestedAt: string;
  payoutDate: string | null;
}

const SECTIONS = [
  ["activity", "earnings.section.activity"],
  ["data", "earnings.section.data"],
  ["graph", "earnings.section.graph"],
  ["payout", "earnings.section.payout"],
] as const satisfies readonly (readonly [string, EarningsTextKey])[];
type Section = (typeof SECTIONS)[number][0];

const KIND_LABEL: Record<string, EarningsTextKey> = {
  sale: "earnings.kind.sale",
  gift: "earnings.kind.gift",
  tip: "earnings.kind.tip",
  referral: "earnings.kind.referral",
  feature: "earnings.kind.feature",
};

/** A row's kind in words; an unknown kind shows as it is. */
function kindLabel(e: EarningsTexts, kind: string): string {
  const key = KIND_LABEL[kind];
  return key ? e(key) : kind;
}

/** What a row says: who tipped, what was referred (credited to you, paid to its creator), what was featured. */
function describe(e: EarningsTexts, r: Activity): string {
  if (r.kind === "tip")
    return r.title
      ? e("earnings.tipFromWithNote", { username: r.from ?? "", note: r.title })
      : e("earnings.tipFrom", { username: r.from ?? "" });
  if (r.kind === "referral") return e("earnings.referral", { title: r.title ?? "" });
  if (r.kind === "feature") return e("earnings.featured", { title: r.title ?? "" });
  return r.title ?? "";
}

const PAYOUT_STATUS: Record<string, EarningsTextKey> = {
  requested: "earnings.payoutStatus.requested",
  rejected: "earnings.payoutStatus.rejected",
};

/** A payout's state in words: when it was paid, or requested / rejected (an unknown status shows as it is). */
function payoutStatus(e: EarningsTexts, p: Payout): string {
  if (p.status === "paid") return e("earnings.payoutPaid", { date: p.payoutDate ?? "" });
  const key = PAYOUT_STATUS[p.status];
  return key ? e(key) : p.status;
}

/** Referrals are credited, not paid, and featuring is spending: neither counts as earnings. */
const earns = (r: Activity) => r.kind === "sale" || r.kind === "gift" || r.kind === "tip";

function toCsv(rows: Activity[]): string {
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = [["date", "kind", "what", "from", "amount_usd", "ref_code"].join(",")];
  for (const r of rows) {
    lines.push(
      [
        r.createdAt.slice(0, 10),
        r.kind,
        quote(r.title ?? ""),
        quote(r.from ?? ""),
        (r.amount / 100).toFixed(2),
        r.refCode ?? "",
      ].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * /earnings with activity, data, graph and payout (spec 2): balances derived from the ledger, what was
 * earned and from what, and the payout request.
 */
export default function EarningsPage() {
  const e = useEarningsTexts();
  const location = useLocation();
  const section = (location.pathname.split("/")[2] as Section | undefined) ?? "activity";
  const balance = useQuery({
    queryKey: ["earnings", "balance"],
    queryFn: ({ signal }) => api.get<Balance>("/earnings/self/balance", { signal }),
  });
  const activity = useQuery({
    queryKey: ["earnings", "activity"],
    queryFn: ({ signal }) => api.get<{ activity: Activity[] }>("/earnings/self/activity", { signal }),
  });
  const b = balance.data;

  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey="earnings" />
      <h1 className="text-2xl font-bold sm:text-3xl">{e("earnings.title")}</h1>
      <dl className="grid gap-4 sm:grid-cols-4">
        {(
          [
            ["earnings.balance", b?.balance],
            ["earnings.estimatedBalance", b?.estimatedBalance],
            ["earnings.eligibleBalance", b?.eligibleBalance],
            ["earnings.pendingPayout", b?.pendingPayout],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-ui border border-line p-4">
            <dt className="text-sm text-muted">{e(label)}</dt>
            <dd className="text-2xl font-bold">
              {value === undefined ? "…" : formatAmount(value === 0 ? 0 : value)}
            </dd>
          </div>
        ))}
      </dl>
      <nav aria-label={e("earnings.sections")} className="border-b border-line">
        <ul className="flex gap-1">
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
      ) : !activity.data ? (
        <p role="status">{activity.isError ? e("earnings.loadFailed") : e("earnings.loading")}</p>
      ) : section === "data" ? (
        <DataSection rows={activity.data.activity} />
      ) : section === "graph" ? (
        <GraphSection rows={activity.data.activity} />
      ) : (
        <ActivitySection rows={activity.data.activity} />
      )}
    </section>
  );
}

function ActivitySection({ rows }: { rows: Activity[] }) {
  const e = useEarningsTexts();
  const checkout = useCheckoutTexts();
  // The row whose receipt could not be opened (its tab closed again), told in words beside it.
  const [failedReceipt, setFailedReceipt] = useState<string | null>(null);
  if (rows.length === 0) return <p className="text-muted">{e("earnings.empty")}</p>;
  return (
    <ul className="divide-y divide-line rounded-ui border border-line" aria-label={e("earnings.activity")}>
      {rows.map((r) => (
        <li key={`${r.kind}-${r.id}`} className="flex flex-wrap items-center gap-4 p-4">
          <span className="w-24 text-sm font-semibold">{kindLabel(e, r.kind)}</span>
          <span className="min-w-0 flex-1 truncate">{describe(e, r)}</span>
          <span className="text-sm text-muted">{r.createdAt.slice(0, 10)}</span>
          <span className="w-20 text-right font-semibold">{formatMoney(r.amount)}</span>
          {r.receipt ? (
            <button
              type="button"
              className="text-sm font-medium underline"
              onClick={() => {
                const key = `${r.kind}-${r.id}`;
                setFailedReceipt(null);
                openReceiptPage(r.receipt!).catch(() => setFailedReceipt(key));
              }}
            >
              {e("earnings.receipt")}
            </button>
          ) : null}
          {failedReceipt === `${r.kind}-${r.id}` ? (
            <p role="alert" className="w-full text-sm font-medium text-danger">
              {checkout("receipt.failed")}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function DataSection({ rows }: { rows: Activity[] }) {
  const e = useEarningsTexts();
  const download = () => {
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "earnings.csv";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4">
      <Button variant="secondary" className="self-start" onClick={download}>
        {e("earnings.downloadCsv")}
      </Button>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            <th className="py-2">{e("earnings.column.date")}</th>
            <th>{e("earnings.column.kind")}</th>
            <th>{e("earnings.column.what")}</th>
            <th className="text-right">{e("earnings.column.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.kind}-${r.id}`} className="border-b border-line">
              <td className="py-2">{r.createdAt.slice(0, 10)}</td>
              <td>{kindLabel(e, r.kind)}</td>
              <td>{describe(e, r)}</td>
              <td className="text-right">{formatMoney(r.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Earnings by month and source as stacked bars (sales, tips), with the numbers as a table for screen readers. */
function GraphSection({ rows }: { rows: Activity[] }) {
  const e = useEarningsTexts();
  const months = new Map<string, { sales: number; tips: number }>();
  for (const r of rows.filter(earns)) {
    const month = r.createdAt.slice(0, 7);
    const entry = months.get(month) ?? { sales: 0, tips: 0 };
    if (r.kind === "tip") entry.tips += r.amount;
    else entry.sales += r.amount;
    months.set(month, entry);
  }
  const data = [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).slice(-12);
  const max = Math.max(1, ...data.map(([, v]) => v.sales + v.tips));
  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${Math.max(1, data.length) * 60} 200`}
        className="h-52 w-full max-w-3xl"
        role="img"
        aria-label={e("earnings.graph")}
      >
        {data.map(([month, v], i) => {
          const salesH = (v.sales / max) * 170;
          const tipsH = (v.tips / max) * 170;
          return (
            <g key={month} transform={`translate(${i * 60 + 10},0)`}>
              <rect x={0} y={180 - salesH} width={40} height={salesH} className="fill-accent" />
              <rect x={0} y={180 - salesH - tipsH} width={40} height={tipsH} className="fill-muted" />
              <text x={20} y={196} textAnchor="middle" fontSize={10}>
                {month.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm text-muted">{e("earnings.graphCaption")}</figcaption>
    </figure>
  );
}

function PayoutSection({ balance }: { balance: Balance | undefined }) {
  const e = useEarningsTexts();
  const settings = useSiteSettings();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const payouts = useQuery({
    queryKey: ["earnings", "payouts"],
    queryFn: ({ signal }) => api.get<{ payouts: Payout[] }>("/earnings/self/payouts", { signal }),
  });
  const request = useMutation({
    mutationFn: () => api.post<Payout>("/earnings/self/payouts", undefined),
    onSuccess: (p) => {
      setMessage(e("earnings.payoutRequested", { amount: formatMoney(p.amount) }));
      void queryClient.invalidateQueries({ queryKey: ["earnings"] });
    },
    onError: (error) => setMessage(error instanceof Error ? error.message : String(error)),
  });
  return (
    <div className="flex flex-col gap-4">
      <p>
        <StrongValue
          text={e("earnings.availableNow")}
          name="amount"
          value={balance ? formatAmount(balance.eligiblePayout) : "…"}
        />{" "}
        {e("earnings.holdRule", {
          days: String(settings?.payoutHoldDays ?? 14),
          minimum: formatMoney(settings?.payoutMinimumCents ?? 1000),
        })}
      </p>
      <Button
        variant="primary"
        className="self-start"
        disabled={!balance || balance.eligiblePayout === 0 || request.isPending}
        onClick={() => request.mutate()}
      >
        {e("earnings.requestPayout")}
      </Button>
      {message ? <p role="status">{message}</p> : null}
      <ul className="divide-y divide-line rounded-ui border border-line" aria-label={e("earnings.payouts")}>
        {(payouts.data?.payouts ?? []).map((p) => (
          <li key={p.id} className="flex gap-4 p-3">
            <span className="flex-1">{p.requestedAt.slice(0, 10)}</span>
            <span>{payoutStatus(e, p)}</span>
            <span className="font-semibold">{formatMoney(p.amount)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
