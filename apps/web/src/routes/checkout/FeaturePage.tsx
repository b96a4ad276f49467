import { FEATURE_DAYS, type FeatureResponse, formatMoney } from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";

const newKey = () => `web-${crypto.randomUUID()}`;

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
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  const perDay = settings?.featurePricePerDayCents ?? 200;
  const amount = days * perDay;

  if (resource.isError) return <p role="alert">{t("purchase.loadFailed")}</p>;
  if (!resource.data) return <p role="status">…</p>;
  const r = resource.data;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.isValid || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.post<FeatureResponse>(
        "/transactions/resource/feature",
        { resourceId: r.id, days, amount, ...form.body() },
        { headers: { "Idempotency-Key": key.current } },
      );
      queryClient.removeQueries({ queryKey: ["resources"] });
      navigate(`/resources/${encodeURIComponent(r.name)}/feature/completed`, { state: answer });
    } catch (error) {
      key.current = newKey();
      if (error instanceof ApiError && error.fields) form.setServerProblems(error.fields);
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
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
      {failure ? (
        <p role="alert" className="rounded-ui border border-danger p-3 font-medium text-danger">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="self-start rounded-ui bg-accent px-5 py-3 text-lg font-semibold text-accent-text disabled:opacity-60"
      >
        {busy ? t("pay.paying") : t("purchase.pay", { amount: formatMoney(amount) })}
      </button>
    </form>
  );
}
