import { formatMoney, REFUND_LIMITS, type Refund, refundRequestBodySchema } from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, FormFailure, TextAreaField } from "../../components/ui/index.ts";
import { type RefundTexts, useRefundTexts } from "../refunds/refund-texts.ts";
import { formatDay } from "../resources/resource-query.ts";

/** The buyer's refund of one purchase: GET /transactions/{saleId}/refund, shared by every place showing it. */
export function saleRefundQuery(saleId: string) {
  return {
    queryKey: ["refunds", "sale", saleId],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call("GET /transactions/:saleId/refund", { params: { saleId }, signal }),
  };
}

/**
 * "Ask for a refund" on a purchase (issue 22): while the refund window is open and nothing was asked yet,
 * a button that opens a reason box (checked by the endpoint's own schema); afterwards, the request's state
 * in words: requested, refunded, or declined with the creator's note. Nothing at all when the purchase
 * cannot be refunded any more and never was asked about. A purchase for colleagues (issue 23) whose
 * colleagues hold seats says what a refund would give back (only the free seats), or, with every seat
 * given, that a seat must be freed first.
 */
export function RefundRequest({ saleId, title }: { saleId: string; title: string }) {
  const t = useRefundTexts();
  const state = useQuery(saleRefundQuery(saleId));
  const [open, setOpen] = useState(false);
  if (!state.data) return null;
  const { refund, canRequest, requestableUntil, refundableCents, refundableSeats } = state.data;
  if (refund) return <RefundState refund={refund} t={t} />;
  if (!canRequest && requestableUntil && refundableSeats === 0) return <AllSeatsGiven t={t} />;
  if (!canRequest || !requestableUntil) return null;
  const seatsNote =
    refundableSeats !== null && refundableSeats > 0 ? (
      <p className="text-sm">
        {refundableSeats === 1
          ? t("refund.seatsNowOne", { amount: formatMoney(refundableCents) })
          : t("refund.seatsNow", {
              seats: String(refundableSeats),
              amount: formatMoney(refundableCents),
            })}{" "}
        {t("refund.seatsRule")}
      </p>
    ) : null;
  return open ? (
    <div className="flex flex-col gap-2">
      {seatsNote}
      <RefundForm saleId={saleId} onCancel={() => setOpen(false)} />
    </div>
  ) : (
    <div className="flex flex-col items-start gap-1">
      {seatsNote}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t("refund.askOf", { title })}
      >
        {t("refund.ask")}
      </Button>
      <p className="text-sm text-muted">{t("refund.until", { date: formatDay(requestableUntil) })}</p>
    </div>
  );
}

/** A licence with every colleague's seat given: nothing to refund until a seat is freed (issue 23). */
function AllSeatsGiven({ t }: { t: RefundTexts }) {
  return (
    <p className="text-sm">
      {t("refund.seatsAllGiven")}{" "}
      <Link to="/profile/licences" className="font-medium underline underline-offset-2">
        {t("refund.seatsAllGivenLink")}
      </Link>
    </p>
  );
}

/** A refund's amount in words: the whole purchase's, or the free seats' of a licence (issue 23). */
function refundedText(t: RefundTexts, refund: Refund, date: string): string {
  const amount = formatMoney(refund.amountCents);
  if (refund.seats === null) return t("refund.refunded", { date, amount });
  return refund.seats === 1
    ? t("refund.refundedSeatOne", { date, amount })
    : t("refund.refundedSeats", { date, amount, seats: String(refund.seats) });
}

function RefundState({ refund, t }: { refund: Refund; t: RefundTexts }) {
  const date = formatDay(refund.decidedAt ?? refund.requestedAt);
  const amount = formatMoney(refund.amountCents);
  return (
    <section
      aria-label={t("refund.title")}
      role="status"
      className="flex flex-col gap-1 rounded-ui bg-wash p-3 text-sm"
    >
      {refund.status === "requested" ? (
        <>
          <p className="font-medium">{t("refund.requested", { date })}</p>
          {refund.seats !== null ? (
            <p>
              {refund.seats === 1
                ? t("refund.requestedSeatOne", { amount })
                : t("refund.requestedSeats", { amount, seats: String(refund.seats) })}
            </p>
          ) : null}
          <p className="text-muted">
            {t("refund.yourReason")} “{refund.reason}”
          </p>
        </>
      ) : refund.status === "refunded" ? (
        <p className="font-medium">{refundedText(t, refund, date)}</p>
      ) : (
        <>
          <p className="font-medium">{t("refund.declined", { date })}</p>
          {refund.declineNote ? (
            <p>
              {t("refund.declinedNote")} “{refund.declineNote}”
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function RefundForm({ saleId, onCancel }: { saleId: string; onCancel: () => void }) {
  const t = useRefundTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState } = useDomainForm(refundRequestBodySchema, {
    defaultValues: { reason: "" },
  });
  const reason = watch("reason") ?? "";
  const send = async (body: { reason: string }) => {
    setFailure(null);
    try {
      await api.call("POST /transactions/:saleId/refund-request", { params: { saleId }, body });
      await queryClient.invalidateQueries({ queryKey: ["refunds"] });
    } catch (error) {
      const told = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setFailure(told ? error.message : t("refund.failed"));
    }
  };
  return (
    <form noValidate className="flex flex-col gap-2" onSubmit={handleSubmit(send)}>
      <TextAreaField
        id={id}
        label={t("refund.reason")}
        hint={t("refund.reasonHint", { min: String(REFUND_LIMITS.reasonMin) })}
        rows={3}
        count={{ used: reason.trim().length, max: REFUND_LIMITS.reasonMax, min: REFUND_LIMITS.reasonMin }}
        error={formState.errors.reason?.message}
        // Opened by the buyer's own press of the button: the keyboard goes where they will type.
        autoFocus
        {...register("reason")}
      />
      <FormFailure>{failure}</FormFailure>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" size="sm" busy={formState.isSubmitting}>
          {t("refund.send")}
        </Button>
        <Button variant="ghost" size="sm" disabled={formState.isSubmitting} onClick={onCancel}>
          {t("refund.cancel")}
        </Button>
      </div>
    </form>
  );
}
