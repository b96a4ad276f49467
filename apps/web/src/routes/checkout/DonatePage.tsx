import { type DonateResponse, formatMoney, parseDollars } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "../../api/client.ts";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";

/**
 * /donate/payment and /donation/payment: a donation to the site with the payment form. It sets the
 * donor's donation_date; with donatedAdFreeMode on, donors see no ads.
 */
export default function DonatePage() {
  const t = useCheckoutTexts();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const form = usePaymentForm();
  const [dollars, setDollars] = useState("10");
  const attempt = useCheckoutAttempt(form);
  const amount = parseDollars(dollars);
  const valid = amount !== null && amount >= 100 && amount <= 100_000;
  const done = location.pathname.startsWith("/donation")
    ? "/donation/payment/completed"
    : "/donate/completed";

  const send = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!valid) {
      attempt.setFailure(t("donate.invalid"));
      return;
    }
    if (!form.isValid) return;
    const answer = await attempt.pay((headers) =>
      api.post<DonateResponse>(
        "/transactions/donate/purchase",
        { amount, placement: "page", ...form.body() },
        { headers },
      ),
    );
    if (!answer) return;
    void queryClient.invalidateQueries({ queryKey: ["users", "self"] });
    navigate(done);
  };

  return (
    <form onSubmit={(e) => void send(e)} noValidate className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("donate.title")}</h1>
      <p>{t("donate.intro")}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-amount`} className="font-medium">
          {t("donate.amount")}
        </label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={dollars}
          onChange={(e) => setDollars(e.target.value)}
          className="w-40 rounded-ui border border-line bg-paper px-3 py-2"
        />
      </div>
      <PaymentFields form={form} t={t} />
      <CheckoutFailure message={attempt.failure} />
      <button
        type="submit"
        disabled={attempt.busy}
        className="self-start rounded-ui bg-accent px-5 py-3 text-lg font-semibold text-accent-text disabled:opacity-60"
      >
        {attempt.busy
          ? t("pay.paying")
          : t("donate.send", { amount: valid && amount !== null ? formatMoney(amount) : "" })}
      </button>
    </form>
  );
}
