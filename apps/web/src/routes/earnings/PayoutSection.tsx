import {
  type EarningsBalanceResponse,
  formatAmount,
  formatMoney,
  type PayoutResponse,
  type PayoutStatus,
} from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Button, Skeleton } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { type EarningsTextKey, type EarningsTexts, useEarningsTexts } from "./earnings-texts.ts";
import { StrongValue } from "./StrongValue.tsx";

const PAYOUT_STATUS: Record<Exclude<PayoutStatus, "paid">, EarningsTextKey> = {
  requested: "earnings.payoutStatus.requested",
  rejected: "earnings.payoutStatus.rejected",
};

/** A payout's state in words: when it was paid, or waiting, or refused. */
function payoutStatus(e: EarningsTexts, p: PayoutResponse): string {
  if (p.status === "paid")
    return e("earnings.payoutPaid", { date: formatIsoDate(p.payoutDate ?? p.requestedDay) });
  return e(PAYOUT_STATUS[p.status]);
}

/** What may be paid out now and under which rule, the request, and the payouts asked for so far. */
export function PayoutSection({ balance }: { balance: EarningsBalanceResponse | undefined }) {
  const e = useEarningsTexts();
  const settings = useSiteSettings();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const minimum = formatMoney(settings.payoutMinimumCents);
  const payouts = useQuery({
    queryKey: ["earnings", "payouts"],
    queryFn: ({ signal }) => api.call("GET /earnings/self/payouts", { signal }),
  });
  const request = useMutation({
    mutationFn: () => api.call("POST /earnings/self/payouts"),
    onSuccess: (p) => {
      setMessage(e("earnings.payoutRequested", { amount: formatMoney(p.amount) }));
      void queryClient.invalidateQueries({ queryKey: ["earnings"] });
    },
    onError: (error) =>
      setMessage(
        error instanceof ApiError && error.fields?.amount === "below_payout_minimum"
          ? e("earnings.belowMinimum", { minimum })
          : error instanceof ApiError && error.code === "balance_negative"
            ? e("earnings.negativeBalance")
            : e("earnings.payoutFailed", { reason: error instanceof Error ? error.message : String(error) }),
      ),
  });
  const nothingToPay = balance !== undefined && balance.eligiblePayout === 0;
  // A refund after a payout (issue 22): said in words rather than as a minimum not reached.
  const negative = balance !== undefined && (balance.balance < 0 || balance.eligibleBalance < 0);
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
            {negative ? e("earnings.negativeBalance") : e("earnings.belowMinimum", { minimum })}
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
