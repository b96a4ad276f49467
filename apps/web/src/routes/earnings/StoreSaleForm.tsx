import { addDays, dayInZone, STORE_SALE_LIMITS } from "@market/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError, api } from "../../api/client.ts";
import { Button, FormFailure, TextField } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { PromotionScope } from "./PromotionScope.tsx";
import { fieldProblem, usePromotionTexts } from "./promotions-texts.ts";

/**
 * Starts (or schedules) a store-wide sale: a percentage, the first and last day (the site's days; the
 * server checks the spec's 30-day rule again), and all or some of the creator's resources.
 */
export function StoreSaleForm({ onDone }: { onDone: (message: string) => void }) {
  const t = usePromotionTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const today = dayInZone(new Date(), useSiteSettings().timeZone);
  const lastAllowed = addDays(today, STORE_SALE_LIMITS.maxDaysAhead);
  const [percent, setPercent] = useState("20");
  const [startsAt, setStartsAt] = useState(today);
  const [endsAt, setEndsAt] = useState(addDays(today, 7));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const limits = { min: String(STORE_SALE_LIMITS.minPercent), max: String(STORE_SALE_LIMITS.maxPercent) };
  const days = { days: String(STORE_SALE_LIMITS.maxDaysAhead) };

  const start = useMutation({
    mutationFn: () =>
      api.call("POST /sales", {
        body: {
          percentOff: Number(percent),
          startsAt,
          endsAt,
          ...(chosen ? { resourceIds: chosen } : {}),
        },
      }),
    onSuccess: (sale) => {
      void queryClient.invalidateQueries({ queryKey: ["sales"] });
      // Cards and pages show the sale's prices: drop what the catalogue kept.
      void queryClient.invalidateQueries({ queryKey: ["resources"] });
      onDone(t(sale.state === "running" ? "promotions.sales.started" : "promotions.sales.scheduled"));
    },
  });
  const fields = start.error instanceof ApiError ? (start.error.fields ?? {}) : {};
  const failed = start.isError && Object.keys(fields).length === 0;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate();
      }}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id={`${id}-percent`}
          label={t("promotions.sales.percent")}
          hint={t("promotions.sales.percentHint", limits)}
          type="number"
          inputMode="numeric"
          min={STORE_SALE_LIMITS.minPercent}
          max={STORE_SALE_LIMITS.maxPercent}
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          error={fields.percentOff ? t("promotions.sales.percentHint", limits) : undefined}
        />
        <TextField
          id={`${id}-starts`}
          label={t("promotions.sales.starts")}
          type="date"
          min={today}
          max={lastAllowed}
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={fieldProblem(t, fields.startsAt, days)}
        />
        <TextField
          id={`${id}-ends`}
          label={t("promotions.sales.ends")}
          hint={t("promotions.sales.endsHint", days)}
          type="date"
          min={startsAt || today}
          max={lastAllowed}
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={fieldProblem(t, fields.endsAt, days)}
        />
      </div>
      <PromotionScope chosen={chosen} onChange={setChosen} error={fieldProblem(t, fields.resourceIds)} />
      <FormFailure>{failed ? (start.error?.message ?? t("promotions.failed")) : null}</FormFailure>
      <Button
        type="submit"
        busy={start.isPending}
        disabled={chosen !== null && chosen.length === 0}
        className="sm:self-start"
      >
        {t(startsAt > today ? "promotions.sales.schedule" : "promotions.sales.start")}
      </Button>
    </form>
  );
}
