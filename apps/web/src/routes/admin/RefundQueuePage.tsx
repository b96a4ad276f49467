import { type AdminSale, formatMoney, REFUND_LIMITS, REFUND_QUEUE_PAGE_SIZE } from "@market/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { Pagination } from "../../components/Pagination.tsx";
import {
  Button,
  Card,
  EmptyState,
  FormFailure,
  LoadingPlaceholder,
  ScreenFailure,
  Skeleton,
  TextAreaField,
  TextField,
  Toast,
  useTimedNotice,
} from "../../components/ui/index.ts";
import { pageFromSearch } from "../catalogue/filters.ts";
import { RefundRequestRow } from "../refunds/RefundRequestRow.tsx";
import { type RefundTexts, useRefundTexts } from "../refunds/refund-texts.ts";
import { formatDay } from "../resources/resource-query.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/exceptions/refunds (issue 22): refund requests waiting for a decision, oldest first, each with
 * Approve (asked once) and Decline (with a note); and "Refund a sale": any sale, by its receipt number, at
 * any time.
 */
export default function RefundQueuePage() {
  const t = useRefundTexts();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const [notice, show] = useTimedNotice();
  const queue = useQuery({
    queryKey: ["refunds", "queue", page],
    queryFn: ({ signal }) => api.call("GET /admin/refunds", { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
  if (queue.isError && !queue.data)
    return (
      <ScreenFailure
        title={t("requests.loadFailed")}
        retry={{ label: t("requests.retry"), onRetry: () => void queue.refetch() }}
      />
    );
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("queue.title")}</h1>
        <p className="mt-2 text-muted">{t("queue.intro")}</p>
      </header>
      {!queue.data ? (
        <LoadingPlaceholder label={t("queue.loading")} className="flex flex-col gap-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </LoadingPlaceholder>
      ) : queue.data.refunds.length === 0 ? (
        <EmptyState title={t("queue.empty")} body={t("queue.emptyBody")} />
      ) : (
        <>
          <ul className="divide-y divide-line rounded-ui border border-line" aria-label={t("queue.title")}>
            {queue.data.refunds.map((refund) => (
              <RefundRequestRow
                key={refund.id}
                refund={refund}
                onDecided={(message) => show(message)}
                onFailed={(message) => show(message, "error")}
              />
            ))}
          </ul>
          <Pagination page={page} pageSize={REFUND_QUEUE_PAGE_SIZE} total={queue.data.total} />
        </>
      )}
      <RefundASale t={t} onDone={(message) => show(message)} />
      <Toast notice={notice} />
    </section>
  );
}

/** Finds a sale by its receipt number, shows what it is, then refunds it with a reason. */
function RefundASale({ t, onDone }: { t: RefundTexts; onDone: (message: string) => void }) {
  const idField = useId();
  const reasonField = useId();
  const queryClient = useQueryClient();
  const [saleId, setSaleId] = useState("");
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [sale, setSale] = useState<AdminSale | null>(null);
  const [reason, setReason] = useState("");
  const find = useMutation({
    mutationFn: (id: string) => api.call("GET /admin/sales/:saleId", { params: { saleId: id } }),
    onSuccess: (found) => setSale(found),
    onError: (error) =>
      setLookupError(error instanceof ApiError && error.status === 404 ? t("admin.notFound") : String(error)),
  });
  const refund = useMutation({
    mutationFn: () =>
      api.call("POST /admin/transactions/:saleId/refund", {
        params: { saleId: sale!.saleId },
        body: { reason: reason.trim() },
      }),
    onSuccess: (done) => {
      // A licence with colleagues' seats is refunded in part (issue 23): the amount is the refund's.
      onDone(t("admin.done", { amount: formatMoney(done.amountCents), username: done.buyer.username }));
      setSale(null);
      setSaleId("");
      setReason("");
      void queryClient.invalidateQueries({ queryKey: ["refunds"] });
      void queryClient.invalidateQueries({ queryKey: ["admin", "exceptions"] });
    },
  });
  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setSale(null);
    refund.reset();
    const id = saleId.trim();
    if (!UUID.test(id)) return setLookupError(t("admin.notAnId"));
    setLookupError(null);
    find.mutate(id);
  };
  const reasonShort = reason.trim().length < REFUND_LIMITS.reasonMin;
  return (
    <Card as="section" aria-labelledby="refund-a-sale" className="flex flex-col gap-4">
      <header>
        <h2 id="refund-a-sale" className="text-lg font-semibold">
          {t("admin.title")}
        </h2>
        <p className="text-sm text-muted">{t("admin.intro")}</p>
      </header>
      <form noValidate onSubmit={lookUp} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          id={idField}
          label={t("admin.saleId")}
          className="sm:w-96"
          value={saleId}
          error={lookupError}
          onChange={(event) => setSaleId(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" busy={find.isPending} className="sm:mb-[1.6rem]">
          {t("admin.find")}
        </Button>
      </form>
      {sale ? (
        <div className="flex flex-col gap-3 border-t border-line pt-4">
          <p>
            {t("admin.sale", {
              title: sale.resource.title,
              username: sale.buyer.username,
              date: formatDay(sale.purchasedAt),
              amount: formatMoney(sale.amount),
              creator: sale.creator.username,
            })}
          </p>
          {sale.seats > 1 ? (
            <p className="text-sm">{t("admin.seats", { seats: String(sale.seats) })}</p>
          ) : null}
          {sale.refund?.status === "refunded" ? (
            <p className="font-medium">{t("admin.already")}</p>
          ) : (
            <>
              <TextAreaField
                id={reasonField}
                label={t("admin.reason")}
                rows={2}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                count={{
                  used: reason.trim().length,
                  max: REFUND_LIMITS.reasonMax,
                  min: REFUND_LIMITS.reasonMin,
                }}
              />
              <FormFailure>{refund.error instanceof Error ? refund.error.message : null}</FormFailure>
              <Button
                variant="danger"
                className="self-start"
                busy={refund.isPending}
                disabled={reasonShort}
                onClick={() => refund.mutate()}
              >
                {sale.seats > 1
                  ? t("admin.refundSeats")
                  : t("admin.refund", { amount: formatMoney(sale.amount) })}
              </Button>
            </>
          )}
        </div>
      ) : null}
    </Card>
  );
}
