import { FEATURE_DAYS, featureRequestSchema, formatMoney, paymentFormSchema } from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useNavigate, useParams } from "react-router";
import { api } from "../../api/client.ts";
import { Button, Field, Input } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";

const daysSchema = featureRequestSchema.shape.days;
/** POST /transactions/resource/feature's body as typed: the payment form and the days (the domain's 1 to 30). */
const featureFormSchema = paymentFormSchema.extend({ days: daysSchema });

/** /resources/{id}/feature: the creator pays to feature an active resource for 1 to 30 days. */
export default function FeaturePage() {
  const t = useCheckoutTexts();
  const id = useId();
  const { id: resourceId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useSiteSettings();
  const resource = useQuery(resourceDetailQuery(resourceId));
  const form = usePaymentForm(featureFormSchema, { days: 7 });
  const attempt = useCheckoutAttempt(form);
  const perDay = settings.featurePricePerDayCents;
  const days = form.watch("days");
  const amount = daysSchema.safeParse(days).success ? days * perDay : null;
  const daysError = form.formState.errors.days?.message;

  if (resource.isError) return <p role="alert">{t("purchase.loadFailed")}</p>;
  if (!resource.data) return <p role="status">…</p>;
  const r = resource.data;

  const pay = form.handleSubmit(async ({ days, ...payment }) => {
    const answer = await attempt.pay((headers) =>
      api.call("POST /transactions/resource/feature", {
        body: { resourceId: r.id, days, amount: days * perDay, ...payment },
        headers,
      }),
    );
    if (!answer) return;
    queryClient.removeQueries({ queryKey: ["resources"] });
    navigate(`/resources/${encodeURIComponent(r.name)}/feature/completed`, { state: answer });
  });

  return (
    <form onSubmit={(e) => void pay(e)} noValidate className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("feature.title", { title: r.title })}</h1>
      <p>{t("feature.intro", { price: formatMoney(perDay) })}</p>
      <Field id={`${id}-days`} label={t("feature.days")} error={daysError}>
        {(bindings) => (
          <Input
            {...bindings}
            type="number"
            min={FEATURE_DAYS.min}
            max={FEATURE_DAYS.max}
            className="max-w-28"
            {...form.register("days", { valueAsNumber: true })}
          />
        )}
      </Field>
      <PaymentFields form={form} t={t} />
      <CheckoutFailure message={attempt.failure} />
      <Button variant="primary" size="lg" className="self-start" type="submit" disabled={attempt.busy}>
        {attempt.busy
          ? t("pay.paying")
          : t("purchase.pay", { amount: amount === null ? "" : formatMoney(amount) })}
      </Button>
    </form>
  );
}
