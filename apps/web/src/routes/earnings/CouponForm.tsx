import { addDays, COUPON_LIMITS, dayInZone, dollarsToCents } from "@market/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError, api } from "../../api/client.ts";
import { Button, FormFailure, TextField } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { PromotionScope } from "./PromotionScope.tsx";
import { fieldProblem, usePromotionTexts } from "./promotions-texts.ts";

/**
 * Makes a coupon code: percent or amount off (the amount typed in dollars), for all or some of the
 * creator's resources, working through a last day, for so many uses. `siteWide` (the admins' screen)
 * makes a site code for every resource; the server refuses it to anybody else.
 */
export function CouponForm({
  siteWide = false,
  onDone,
}: {
  siteWide?: boolean;
  onDone: (message: string) => void;
}) {
  const t = usePromotionTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const today = dayInZone(new Date(), useSiteSettings().timeZone);
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const [percent, setPercent] = useState("10");
  const [dollars, setDollars] = useState("");
  const [expiresAt, setExpiresAt] = useState(addDays(today, 30));
  const [maxUses, setMaxUses] = useState("100");
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [amountWrong, setAmountWrong] = useState(false);
  const limits = { min: String(COUPON_LIMITS.minPercent), max: String(COUPON_LIMITS.maxPercent) };

  const create = useMutation({
    mutationFn: (discount: { percentOff: number } | { amountOffCents: number }) =>
      api.call("POST /coupons", {
        body: {
          code,
          ...discount,
          expiresAt,
          maxUses: Number(maxUses),
          ...(chosen ? { resourceIds: chosen } : {}),
          ...(siteWide ? { siteWide: true } : {}),
        },
      }),
    onSuccess: (coupon) => {
      void queryClient.invalidateQueries({ queryKey: ["coupons"] });
      setCode("");
      onDone(t("promotions.coupons.created", { code: coupon.code }));
    },
  });
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const failed = create.isError && Object.keys(fields).length === 0;
  const submit = () => {
    if (kind === "percent") return create.mutate({ percentOff: Number(percent) });
    const cents = dollarsToCents(dollars);
    setAmountWrong(cents === null || cents < 1);
    if (cents !== null && cents >= 1) create.mutate({ amountOffCents: cents });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-code`}
          label={t("promotions.coupons.code")}
          hint={t("promotions.coupons.codeHint")}
          value={code}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          className="[&_input]:uppercase"
          onChange={(event) => setCode(event.target.value)}
          error={fieldProblem(t, fields.code)}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{t("promotions.coupons.kind")}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {(["percent", "amount"] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  className="size-4 accent-accent"
                />
                {t(k === "percent" ? "promotions.coupons.kindPercent" : "promotions.coupons.kindAmount")}
              </label>
            ))}
          </div>
          {kind === "percent" ? (
            <TextField
              id={`${id}-percent`}
              label={t("promotions.coupons.percent")}
              hint={t("promotions.coupons.percentHint", limits)}
              type="number"
              inputMode="numeric"
              min={COUPON_LIMITS.minPercent}
              max={COUPON_LIMITS.maxPercent}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              error={fields.percentOff ? t("promotions.coupons.percentHint", limits) : undefined}
            />
          ) : (
            <TextField
              id={`${id}-amount`}
              label={t("promotions.coupons.amount")}
              hint={t("promotions.coupons.amountHint")}
              inputMode="decimal"
              value={dollars}
              placeholder="2.00"
              onChange={(event) => setDollars(event.target.value)}
              error={amountWrong || fields.amountOffCents ? t("promotions.field.invalid") : undefined}
            />
          )}
        </fieldset>
        <TextField
          id={`${id}-expires`}
          label={t("promotions.coupons.expires")}
          type="date"
          min={today}
          max={addDays(today, COUPON_LIMITS.maxDaysAhead)}
          value={expiresAt}
          onChange={(event) => setExpiresAt(event.target.value)}
          error={fieldProblem(t, fields.expiresAt)}
        />
        <TextField
          id={`${id}-uses`}
          label={t("promotions.coupons.maxUses")}
          type="number"
          inputMode="numeric"
          min={1}
          max={COUPON_LIMITS.maxUses}
          value={maxUses}
          onChange={(event) => setMaxUses(event.target.value)}
          error={fields.maxUses ? t("promotions.field.invalid") : undefined}
        />
      </div>
      {siteWide ? null : (
        <PromotionScope chosen={chosen} onChange={setChosen} error={fieldProblem(t, fields.resourceIds)} />
      )}
      <FormFailure>{failed ? (create.error?.message ?? t("promotions.failed")) : null}</FormFailure>
      <Button
        type="submit"
        busy={create.isPending}
        disabled={chosen !== null && chosen.length === 0}
        className="sm:self-start"
      >
        {t("promotions.coupons.create")}
      </Button>
    </form>
  );
}
