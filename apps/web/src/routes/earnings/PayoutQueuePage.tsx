import { dayInZone, formatMoney, type QueuedPayout } from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Button } from "../../components/ui/index.ts";
import { useEarningsTexts } from "./earnings-texts.ts";
import { StrongValue } from "./StrongValue.tsx";

/** /admin/exceptions/payouts: requested payouts, oldest first, their total, and "mark paid" with a payout date. */
export default function PayoutQueuePage() {
  const e = useEarningsTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const [payoutDate, setPayoutDate] = useState(dayInZone(new Date()));
  const [message, setMessage] = useState<string | null>(null);
  const queue = useQuery({
    queryKey: ["admin", "payouts"],
    queryFn: ({ signal }) => api.call("GET /admin/payouts", { signal }),
  });
  const pay = useMutation({
    mutationFn: (payout: QueuedPayout) =>
      api.call("POST /admin/payouts/:id/pay", { params: { id: payout.id }, body: { payoutDate } }),
    onSuccess: (_answer, payout) => {
      setMessage(e("payouts.paid", { amount: formatMoney(payout.amount), username: payout.username }));
      void queryClient.invalidateQueries({ queryKey: ["admin", "payouts"] });
    },
    onError: (error) => setMessage(error instanceof Error ? error.message : String(error)),
  });
  // A rejected request frees its amount: the creator can ask again (for example after fixing their details).
  const reject = useMutation({
    mutationFn: (payout: QueuedPayout) =>
      api.call("POST /admin/payouts/:id/reject", { params: { id: payout.id } }),
    onSuccess: (_answer, payout) => {
      setMessage(e("payouts.rejected", { amount: formatMoney(payout.amount), username: payout.username }));
      void queryClient.invalidateQueries({ queryKey: ["admin", "payouts"] });
    },
    onError: (error) => setMessage(error instanceof Error ? error.message : String(error)),
  });
  const busy = pay.isPending || reject.isPending;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{e("payouts.title")}</h1>
      <div className="flex flex-wrap items-end gap-4">
        <p className="text-lg">
          <StrongValue
            text={e("payouts.total")}
            name="amount"
            value={queue.data ? formatMoney(queue.data.totalEligiblePayouts) : "…"}
          />
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-date`} className="text-sm font-medium">
            {e("payouts.date")}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={payoutDate}
            onChange={(e) => setPayoutDate(e.target.value)}
            className="rounded-ui border border-line px-3 py-2"
          />
        </div>
      </div>
      {message ? <p role="status">{message}</p> : null}
      {queue.data && queue.data.payouts.length === 0 ? (
        <p className="text-muted">{e("payouts.none")}</p>
      ) : (
        <ul className="divide-y divide-line rounded-ui border border-line" aria-label={e("payouts.list")}>
          {(queue.data?.payouts ?? []).map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-4 p-4">
              <span className="flex-1">
                {e("payouts.requestedBy", {
                  name: p.first_name,
                  username: p.username,
                  date: formatIsoDate(p.requestedDay),
                })}
              </span>
              <span className="font-semibold">{formatMoney(p.amount)}</span>
              <Button
                variant="primary"
                disabled={busy}
                onClick={() => pay.mutate(p)}
                aria-label={e("payouts.markPaidOf", { username: p.username })}
              >
                {e("payouts.markPaid")}
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => reject.mutate(p)}
                aria-label={e("payouts.rejectOf", { username: p.username })}
              >
                {e("payouts.reject")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
