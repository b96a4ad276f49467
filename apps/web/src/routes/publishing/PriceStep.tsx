import { dayInZone, dollarsToCents, formatSaleEnd, type PriceFlags, priceFlags } from "@market/domain";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import type { PublishingTexts } from "./publishing-texts.ts";
import type { StepProps } from "./wizard-step.ts";

const input = "w-40 rounded-ui border border-line bg-paper px-3 py-2";
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

/**
 * The price step: price, sale price and sale end (month/day/year), checked with the domain's price rules
 * as the creator types and answered with the server's codes (spec 5) when saved.
 */
export function PriceStep({ resource, t, save }: StepProps) {
  const settings = useSiteSettings();
  const id = useId();
  const [price, setPrice] = useState(dollars(resource.price) || "0");
  const [salePrice, setSalePrice] = useState(dollars(resource.sale_price));
  const [saleEnd, setSaleEnd] = useState(resource.sale_end ? formatSaleEnd(resource.sale_end) : "");
  const [serverCodes, setServerCodes] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const priceCents = dollarsToCents(price || "0");
  const salePriceCents = dollarsToCents(salePrice || "0");
  const today = dayInZone(new Date(), settings.timeZone);
  const hasPremiumFile = resource.resources_files_models.some((f) => f.is_premium_file);
  const flags =
    priceCents !== null && salePriceCents !== null
      ? flagTexts(priceFlags({ priceCents, salePriceCents, saleEnd, hasPremiumFile, today }), t)
      : [];

  const problemsFor = (field: "price" | "sale_price" | "sale_end") => {
    const texts = flags.filter((f) => f.field === field).map((f) => f.text);
    const code = serverCodes[field];
    if (code) texts.push(t(`price.${code}` as "price.invalid_price"));
    if (field === "price" && priceCents === null) texts.push(t("price.notNumber"));
    if (field === "sale_price" && salePriceCents === null) texts.push(t("price.notNumber"));
    return [...new Set(texts)];
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (priceCents === null || salePriceCents === null || flags.length > 0) return;
    setBusy(true);
    const problems = await save({
      price: priceCents,
      sale_price: salePriceCents,
      sale_end: salePriceCents ? saleEnd : "",
    });
    setBusy(false);
    setServerCodes(problems ?? {});
  };

  const field = (
    name: "price" | "sale_price" | "sale_end",
    label: string,
    value: string,
    set: (v: string) => void,
    placeholder?: string,
  ) => {
    const problems = problemsFor(name);
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-${name}`} className="font-medium">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          className={input}
          inputMode={name === "sale_end" ? "numeric" : "decimal"}
          placeholder={placeholder}
          value={value}
          aria-invalid={problems.length > 0 ? true : undefined}
          aria-describedby={problems.length > 0 ? `${id}-${name}-problem` : undefined}
          onChange={(e) => {
            set(e.target.value);
            setServerCodes({});
          }}
        />
        {problems.length > 0 ? (
          <p id={`${id}-${name}-problem`} role="alert" className="text-sm font-medium text-danger">
            {problems.join(" ")}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex max-w-xl flex-col gap-4">
      <p>{t("price.intro")}</p>
      {field("price", t("price.price"), price, setPrice)}
      {field("sale_price", t("price.salePrice"), salePrice, setSalePrice)}
      {field("sale_end", t("price.saleEnd"), saleEnd, setSaleEnd, "MM/DD/YYYY")}
      {serverCodes.form ? (
        <p role="alert" className="font-medium text-danger">
          {serverCodes.form === "save" ? t("wizard.saveFailed") : serverCodes.form}
        </p>
      ) : null}
      <Button variant="primary" className="self-start" type="submit" disabled={busy}>
        {busy ? t("wizard.saving") : t("wizard.next")}
      </Button>
    </form>
  );
}
