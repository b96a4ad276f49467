import { additionalSeatCents, dollarsToCents, formatAmount } from "@market/domain";
import type { InputHTMLAttributes, Ref } from "react";
import { Field, Input } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { usePublishingTexts } from "./publishing-texts.ts";

/** Dollars as the box shows a seat price; empty for none (the site's percent then). */
export const seatPriceText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/**
 * The typed seat price as the API takes it: null when empty (the site's percent of the price), cents
 * otherwise, or "invalid" when it is not an amount from $0 to the price limit.
 */
export function seatPriceCents(text: string, maxCents: number): number | null | "invalid" {
  if (!text.trim()) return null;
  const cents = dollarsToCents(text);
  return cents === null || cents < 0 || cents > maxCents ? "invalid" : cents;
}

/**
 * "Price for each extra seat" (issue 23), shared by the publishing wizard's price step and the bundle
 * editor: what each colleague's seat costs when a teacher buys for their team. Left empty, the site's
 * `additionalSeatPercent` of the price applies; the hint says so, with what that is at the price typed.
 */
export function SeatPriceField({
  id,
  priceCents,
  error,
  input,
}: {
  id: string;
  /** The price as typed, in cents (null while it is not an amount). */
  priceCents: number | null;
  error?: string | undefined;
  /** The box's value and change handling: react-hook-form's `register`, or a value and onChange. */
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
}) {
  const t = usePublishingTexts();
  const { additionalSeatPercent } = useSiteSettings();
  const rule =
    additionalSeatPercent === 50
      ? t("price.seatPriceHalf")
      : t("price.seatPricePercent", { percent: String(additionalSeatPercent) });
  const example =
    priceCents && priceCents > 0
      ? t("price.seatPriceExample", {
          amount: formatAmount(additionalSeatCents(priceCents, null, additionalSeatPercent)),
        })
      : "";
  return (
    <Field
      id={id}
      label={t("price.seatPrice")}
      optional
      hint={`${t("price.seatPriceHint", { rule })}${example}`}
      error={error}
    >
      {(bindings) => (
        <Input
          {...bindings}
          className="max-w-40"
          inputMode="decimal"
          placeholder={
            priceCents && priceCents > 0
              ? seatPriceText(additionalSeatCents(priceCents, null, additionalSeatPercent))
              : undefined
          }
          {...input}
        />
      )}
    </Field>
  );
}
