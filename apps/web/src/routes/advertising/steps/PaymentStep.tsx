import { type Ad, formatMoney, type PaymentFormInput } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../../api/client.ts";
import { Button } from "../../../components/ui/index.ts";
import { CheckoutFailure, useCheckoutAttempt } from "../../checkout/checkout-attempt.tsx";
import { useCheckoutTexts } from "../../checkout/checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "../../checkout/PaymentForm.tsx";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import { adKey, missingStepsText } from "./ad-step.ts";

export function PaymentStep({ ad, isAdmin }: { ad: Ad; isAdmin: boolean }) {
  const t = useCheckoutTexts();
  const ads = useAdvertisingTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = usePaymentForm();
  const attempt = useCheckoutAttempt(form);
  const total = ad.spend_per_day * ad.run_days_total;
  const free = isAdmin && ad.isAdminAd;
  if (!["creating", "rejected"].includes(ad.approval_status)) return <p>{ads("ads.wizard.payment.done")}</p>;
  const pay = async (payment: PaymentFormInput | null) => {
    const updated = await attempt.pay(
      (headers) =>
        api.call("POST /advertisements/:id/payment", {
          params: { id: ad.id },
          body: payment ? { amount: total, ...payment } : {},
          headers,
        }),
      (error) => {
        const missing = Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})
          .filter(([, code]) => code === "required")
          .map(([field]) => field);
        return missing.length > 0
          ? ads("ads.wizard.payment.missing", { fields: missingStepsText(ads, missing) })
          : null;
      },
    );
    if (!updated) return;
    queryClient.setQueryData(adKey(ad.id), updated);
    navigate(`/advertising/${ad.id}/submitted`);
  };
  // An admin's own ad is free: no payment form to check, nothing to charge.
  const submit = free
    ? (event: FormEvent) => {
        event.preventDefault();
        void pay(null);
      }
    : form.handleSubmit(pay);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p>
        {ads("ads.wizard.payment.total", { days: String(ad.run_days_total) })}{" "}
        <strong>{formatMoney(total)}</strong>
      </p>
      {free ? null : <PaymentFields form={form} t={t} />}
      <CheckoutFailure message={attempt.failure} />
      <Button variant="primary" className="self-start" type="submit" disabled={attempt.busy}>
        {free
          ? ads("ads.wizard.payment.submit")
          : attempt.busy
            ? t("pay.paying")
            : ads("ads.wizard.payment.pay", { amount: formatMoney(total) })}
      </Button>
    </form>
  );
}
