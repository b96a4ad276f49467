import {
  type AdMinimums,
  type AdPatch,
  type AdSpendProblem,
  adPatchSchema,
  checkAdSpend,
  formatMoney,
  parseDollars,
} from "@market/domain";
import { z } from "@market/domain/zod";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { api } from "../../../api/client.ts";
import { useDomainForm } from "../../../components/ui/form.ts";
import { Button, Field, Input } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { useSiteSettings } from "../../../state/site-config.ts";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import type { StepProps } from "./ad-step.ts";

type SpendField = "spend_per_day" | "run_days_total";

/** The boxes as numbers: dollars to cents, days as a number; what cannot be read counts as 0. */
const spendOf = (values: Record<SpendField, string>) => ({
  spend_per_day: parseDollars(values.spend_per_day) ?? 0,
  run_days_total: Number(values.run_days_total) || 0,
});

/** Which box a spend problem belongs to: the total is both boxes' doing. */
const PROBLEM_FIELDS: Record<AdSpendProblem, SpendField[]> = {
  total_below_minimum: ["spend_per_day", "run_days_total"],
  spend_per_day_below_minimum: ["spend_per_day"],
  run_days_required: ["run_days_total"],
};

/**
 * The spend as typed, checked with the type's minimums (the domain's checkAdSpend, which admins skip) and
 * then as PATCH /advertisements/{id}'s own body (adPatchSchema: whole cents, at most 365 days).
 */
function spendSchema(minimums: AdMinimums, isAdmin: boolean, minimumText: string) {
  return z
    .object({ spend_per_day: z.string(), run_days_total: z.string() })
    .superRefine((values, ctx) => {
      const spend = spendOf(values);
      const { problems } = checkAdSpend({
        spendPerDayCents: spend.spend_per_day,
        runDaysTotal: spend.run_days_total,
        minimums,
        isAdmin,
      });
      const fields = new Set(problems.flatMap((problem) => PROBLEM_FIELDS[problem]));
      for (const field of fields) ctx.addIssue({ code: "custom", path: [field], message: minimumText });
    })
    .transform((values): AdPatch => spendOf(values))
    .pipe(adPatchSchema);
}

export function SpendStep({
  ad,
  save,
  goNext,
  isAdmin,
}: StepProps & {
  isAdmin: boolean;
}) {
  const t = useAdvertisingTexts();
  const id = useId();
  const settings = useSiteSettings();
  const minimums = settings.adMinimums[ad.ad_type];
  const minimumText = t("ads.wizard.spend.minimum", {
    total: formatMoney(minimums.totalCost * 100),
    perDay: formatMoney(minimums.spendPerDay * 100),
  });
  const schema = useMemo(() => spendSchema(minimums, isAdmin, minimumText), [minimums, isAdmin, minimumText]);
  const { register, handleSubmit, watch, setError, formState } = useDomainForm(schema, {
    mode: "onSubmit",
    defaultValues: {
      spend_per_day: (ad.spend_per_day / 100).toFixed(2),
      run_days_total: String(ad.run_days_total),
    },
  });
  const { errors } = formState;
  // The total and the estimate follow the boxes as they are typed.
  const spend = spendOf({ spend_per_day: watch("spend_per_day"), run_days_total: watch("run_days_total") });
  const { totalCostCents } = checkAdSpend({
    spendPerDayCents: spend.spend_per_day,
    runDaysTotal: spend.run_days_total,
    minimums,
    isAdmin,
  });
  const estimate = useQuery({
    queryKey: ["ads", "estimate", ad.ad_type, spend.spend_per_day, spend.run_days_total],
    queryFn: ({ signal }) =>
      api.call("GET /advertisements/estimate", {
        query: {
          spend_per_day: spend.spend_per_day,
          run_days_total: spend.run_days_total,
          ad_type: ad.ad_type,
        },
        signal,
      }),
  });
  const submit = handleSubmit(async (patch) => {
    try {
      await save(patch);
      goNext();
    } catch (error) {
      setError("root.server", { message: error instanceof Error ? error.message : String(error) });
    }
  });
  // One problem says both minimums, however many boxes break them: said once.
  const problem = [
    ...new Set([errors.spend_per_day?.message, errors.run_days_total?.message, errors.root?.server?.message]),
  ]
    .filter(Boolean)
    .join(" ");
  const box = (field: SpendField, label: string) => (
    <Field id={`${id}-${field}`} label={label}>
      {(bindings) => (
        <Input
          {...bindings}
          className="max-w-40"
          inputMode={field === "spend_per_day" ? "decimal" : "numeric"}
          aria-invalid={errors[field] ? true : undefined}
          {...register(field, {
            deps: field === "spend_per_day" ? ["run_days_total"] : ["spend_per_day"],
          })}
        />
      )}
    </Field>
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      {box("spend_per_day", t("ads.wizard.spend.perDay"))}
      {box("run_days_total", t("ads.wizard.spend.days"))}
      <p>
        {t("ads.wizard.spend.total")} <strong>{formatMoney(totalCostCents || 0)}</strong>
        {estimate.data
          ? ` ${t("ads.wizard.spend.estimate", {
              views: estimate.data.impressions.toLocaleString("en-US"),
              clicks: estimate.data.clicks.toLocaleString("en-US"),
            })}`
          : ""}
      </p>
      <WizardProblem text={problem} />
      <Button variant="primary" className="self-start" type="submit" disabled={formState.isSubmitting}>
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </form>
  );
}
