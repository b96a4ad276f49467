import {
  dayInZone,
  dollarsToCents,
  formatSaleEnd,
  PRICE_RULES,
  type PriceFlags,
  priceFlags,
  type ResourcePatch,
  resourcePatchSchema,
} from "@market/domain";
import { z } from "@market/domain/zod";
import { useEffect, useId, useMemo } from "react";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, Field, Input } from "../../components/ui/index.ts";
import { WizardProblem } from "../../components/wizard/WizardProblem.tsx";
import { useSiteSettings } from "../../state/site-config.ts";
import type { PublishingTexts } from "./publishing-texts.ts";
import { SeatPriceField, seatPriceCents, seatPriceText } from "./SeatPriceField.tsx";
import type { StepProps } from "./wizard-step.ts";

const dollars = (cents: number | null) => (cents ? (cents / 100).toFixed(2) : "");

/** Client flags of spec 5, shown beside the fields as the creator types. */
function flagTexts(
  flags: PriceFlags,
  t: PublishingTexts,
): { field: "price" | "sale_price" | "sale_end"; text: string }[] {
  const out: { field: "price" | "sale_price" | "sale_end"; text: string }[] = [];
  if (flags.priceTooHigh) out.push({ field: "price", text: t("price.flag.priceTooHigh") });
  if (flags.salePriceTooHigh) out.push({ field: "sale_price", text: t("price.flag.salePriceTooHigh") });
  if (flags.salePriceHigherThanPrice)
    out.push({ field: "sale_price", text: t("price.flag.salePriceHigherThanPrice") });
  if (flags.dateInvalid) out.push({ field: "sale_end", text: t("price.flag.dateInvalid") });
  if (flags.notInFuture) out.push({ field: "sale_end", text: t("price.flag.notInFuture") });
  if (flags.pastThirtyDays) out.push({ field: "sale_end", text: t("price.flag.pastThirtyDays") });
  return out;
}

type PriceField = "price" | "sale_price" | "sale_end" | "seat_price";
type PriceValues = Record<PriceField, string>;

/** The boxes as the price rules read them: dollars to cents (null when not an amount). */
const centsOf = (values: PriceValues) => ({
  priceCents: dollarsToCents(values.price || "0"),
  salePriceCents: dollarsToCents(values.sale_price || "0"),
});

/**
 * The step's form: the flags of spec 5 on their boxes, as the creator types, then the body of
 * PATCH /resources/{id} (cents, and no sale end without a sale price), checked with that call's schema.
 * The server's own price codes (a price under $1, a sale with no end) come back from the save.
 */
function priceFormSchema(t: PublishingTexts, site: { hasPremiumFile: boolean; today: string }) {
  return z
    .object({ price: z.string(), sale_price: z.string(), sale_end: z.string(), seat_price: z.string() })
    .superRefine((values, ctx) => {
      const { priceCents, salePriceCents } = centsOf(values);
      const texts: Record<PriceField, string[]> = { price: [], sale_price: [], sale_end: [], seat_price: [] };
      if (priceCents !== null && salePriceCents !== null) {
        const flags = priceFlags({ priceCents, salePriceCents, saleEnd: values.sale_end, ...site });
        for (const { field, text } of flagTexts(flags, t)) texts[field].push(text);
      }
      if (priceCents === null) texts.price.push(t("price.notNumber"));
      if (salePriceCents === null) texts.sale_price.push(t("price.notNumber"));
      if (seatPriceCents(values.seat_price, PRICE_RULES.maxCents) === "invalid")
        texts.seat_price.push(t("price.seatPriceInvalid"));
      for (const [field, said] of Object.entries(texts)) {
        if (said.length > 0) ctx.addIssue({ code: "custom", path: [field], message: said.join(" ") });
      }
    })
    .transform((values): ResourcePatch => {
      const { priceCents, salePriceCents } = centsOf(values);
      const seat = seatPriceCents(values.seat_price, PRICE_RULES.maxCents);
      return {
        price: priceCents ?? 0,
        sale_price: salePriceCents ?? 0,
        sale_end: salePriceCents ? values.sale_end : "",
        // Issue 23: the creator's price for each extra seat; null leaves it to the site's percent.
        seat_price: seat === "invalid" ? null : seat,
      };
    })
    .pipe(resourcePatchSchema);
}

/**
 * The price step: price, sale price and sale end (month/day/year), checked with the domain's price rules
 * as the creator types and answered with the server's codes (spec 5) when saved.
 */
export function PriceStep({ resource, t, save }: StepProps) {
  const settings = useSiteSettings();
  const id = useId();
  const hasPremiumFile = resource.resources_files_models.some((f) => f.is_premium_file);
  const today = dayInZone(new Date(), settings.timeZone);
  const schema = useMemo(() => priceFormSchema(t, { hasPremiumFile, today }), [t, hasPremiumFile, today]);
  // The flags show as the boxes change, from the start; a sale end depends on the sale price, which
  // depends on the price.
  const { register, handleSubmit, trigger, watch, getFieldState, clearErrors, setError, formState } =
    useDomainForm(schema, {
      mode: "onChange",
      defaultValues: {
        price: dollars(resource.price) || "0",
        sale_price: dollars(resource.sale_price),
        sale_end: resource.sale_end ? formatSaleEnd(resource.sale_end) : "",
        seat_price: seatPriceText(resource.seat_price),
      },
    });
  const { errors } = formState;
  useEffect(() => {
    void trigger();
  }, [trigger]);
  // The server's codes answer what was saved: any change makes them stale.
  useEffect(() => {
    const watching = watch((_, { type }) => {
      if (type !== "change") return;
      const stale = FIELDS.filter((field) => getFieldState(field).error?.type === "server");
      clearErrors(stale);
      clearErrors("root");
    });
    return () => watching.unsubscribe();
  }, [watch, getFieldState, clearErrors]);

  const onSubmit = handleSubmit(async (patch) => {
    const problems = await save(patch);
    for (const [field, code] of Object.entries(problems ?? {})) {
      if (field === "form") {
        setError("root.server", { message: code === "save" ? t("wizard.saveFailed") : code });
      } else if (field === "seat_price") {
        setError(field, { type: "server", message: t("price.seatPriceInvalid") });
      } else if ((FIELDS as readonly string[]).includes(field)) {
        setError(field as PriceField, {
          type: "server",
          message: t(`price.${code}` as "price.invalid_price"),
        });
      }
    }
  });

  const priceCents = dollarsToCents(watch("price") || "0");
  const field = (name: Exclude<PriceField, "seat_price">, label: string, placeholder?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(bindings) => (
        <Input
          {...bindings}
          className="max-w-40"
          inputMode={name === "sale_end" ? "numeric" : "decimal"}
          placeholder={placeholder}
          {...register(name, { deps: DEPENDENT[name] })}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex max-w-xl flex-col gap-4">
      <p>{t("price.intro")}</p>
      {field("price", t("price.price"))}
      {field("sale_price", t("price.salePrice"))}
      {field("sale_end", t("price.saleEnd"), "MM/DD/YYYY")}
      {/* Seats for colleagues are bought only of a paid resource; a free one keeps what was typed. */}
      {priceCents ? (
        <SeatPriceField
          id={`${id}-seat_price`}
          priceCents={priceCents}
          error={errors.seat_price?.message}
          input={register("seat_price")}
        />
      ) : null}
      <WizardProblem text={errors.root?.server?.message} />
      <Button variant="primary" className="self-start" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("wizard.saving") : t("wizard.next")}
      </Button>
    </form>
  );
}

const FIELDS = ["price", "sale_price", "sale_end", "seat_price"] as const;
/** The boxes whose flags a change of a box can change (salePriceHigherThanPrice; a sale end needs a sale). */
const DEPENDENT: Record<PriceField, PriceField[]> = {
  price: ["sale_price"],
  sale_price: ["sale_end"],
  sale_end: [],
  seat_price: [],
};
