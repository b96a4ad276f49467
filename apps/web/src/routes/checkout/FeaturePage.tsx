import { FEATURE_DAYS, type FeatureResponse, formatMoney } from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";

/** /resources/{id}/feature: the creator pays to feature an active resource for 1 to 30 days. */
export default function FeaturePage() {
  const t = useCheckoutTexts();
  const id = useId();
  const { id: resourceId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useSiteSettings();
  const resource = useQuery(resourceDetailQuery(resourceId));
  const form = usePaymentForm();
  const [days, setDays] = useState(7);
  const attempt = useCheckoutAttempt(form);
  const perDay = settings.featurePricePerDayCents;
  const amount = days * perDay;

  if (resource.isError) return <p role="alert">{t("purchase.loadFailed")}</p>;
  if (!resource.data) return <p role="status">…</p>;
  const r = resource.data;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.isValid) return;
    const answer = await attempt.pay((headers) =>
      api.post<FeatureResponse>(
        "/transactions/resource/feature",
        { resourceId: r.id, days, amount, ...form.body() },
        { headers },
      ),
    );
    if (!answer) return;
    queryClient.removeQueries({ queryKey: ["resources"] });
    navigate(`/resources/${encodeURIComponent(r.name)}/feature/completed`, { state: answer });
  };

  return (
    <form onSubmit={(e) => void pay(e)} noValidate className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("feature.title", { title: r.title })}</h1>
      <p>{t("feature.intro", { price: formatMoney(perDay) })}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-days`} className="font-medium">
          {t("feature.days")}
        </label>
        <input
          id={`${id}-days`}
          type="number"
          min={FEATURE_DAYS.min}
          max={FEATURE_DAYS.max}
          value={days}
          onChange={(e) =>
            setDays(Math.min(FEATURE_DAYS.max, Math.max(FEATURE_DAYS.min, Number(e.target.value) || 1)))
          }
          className="w-28 rounded-ui border border-line bg-paper px-3 py-2"
        />
      </div>
      <PaymentFields form={form} t={t} />
      <CheckoutFailure message={attempt.failure} />
      <Button variant="primary" size="lg" className="self-start" type="submit" disabled={attempt.busy}>
        {attempt.busy ? t("pay.paying") : t("purchase.pay", { amount: formatMoney(amount) })}
      </Button>
    </form>
  );
}
