import { colleagueSeats, formatMoney, LICENCE_LIMITS } from "@market/domain";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Field, Input } from "../../components/ui/index.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { initialSeatsText, MIN_SEATS, parseSeats } from "./seats-price.ts";

/**
 * The seats as typed, kept as text (a number half typed over is not lost) and in the address as ?seats=,
 * so a reload, or Back from the thank-you page, keeps the count.
 */
export function useSeatsText() {
  const [search, setSearch] = useSearchParams();
  const [text, setText] = useState(() => initialSeatsText(search.get("seats")));
  const change = (typed: string) => {
    setText(typed);
    const seats = parseSeats(typed);
    setSearch(
      (now) => {
        const next = new URLSearchParams(now);
        if (seats && seats > 1) next.set("seats", String(seats));
        else next.delete("seats");
        return next;
      },
      { replace: true },
    );
  };
  return [text, change] as const;
}

const stepClass =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-ui border border-line bg-paper text-xl " +
  "font-semibold text-ink hover:bg-wash disabled:cursor-not-allowed disabled:opacity-50";

/**
 * "Buying for colleagues too?" (issue 23): the seats of a purchase, the buyer's own included, with a
 * stepper and a box for typing, the price of each extra seat, and what the extra seats add. The page keeps
 * the typed text (useSeatsText) and charges a total only while `parseSeats` reads a count from it.
 */
export function SeatsField({
  text,
  onChange,
  firstSeatCents,
  seatPriceCents,
}: {
  text: string;
  onChange: (text: string) => void;
  /** What the buyer's own seat costs (after a sale, a coupon, a bundle's credit). */
  firstSeatCents: number;
  /** Each colleague's seat (the resource's seatPriceCents). */
  seatPriceCents: number;
}) {
  const t = useCheckoutTexts();
  const id = useId();
  const seats = parseSeats(text);
  const colleagues = seats === null ? 0 : colleagueSeats(seats);
  const step = (by: number) => {
    const from = seats ?? MIN_SEATS;
    onChange(String(Math.min(LICENCE_LIMITS.maxSeats, Math.max(MIN_SEATS, from + by))));
  };
  const who =
    seats === null
      ? null
      : colleagues === 0
        ? t("seats.justYou")
        : t(colleagues === 1 ? "seats.youAndOne" : "seats.youAndMany", { count: String(colleagues) });

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 border-t border-line pt-3">
      <div className="flex flex-col gap-0.5">
        <h3 id={`${id}-heading`} className="font-semibold">
          {t("seats.heading")}
        </h3>
        <p className="text-sm text-muted">{t("seats.explain", { price: formatMoney(seatPriceCents) })}</p>
      </div>
      <Field
        id={`${id}-seats`}
        label={t("seats.label")}
        hint={who}
        error={seats === null ? t("seats.outOfRange", { max: String(LICENCE_LIMITS.maxSeats) }) : undefined}
      >
        {(bindings) => (
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={stepClass}
              aria-label={t("seats.fewer")}
              disabled={seats !== null && seats <= MIN_SEATS}
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <Input
              {...bindings}
              type="number"
              inputMode="numeric"
              min={MIN_SEATS}
              max={LICENCE_LIMITS.maxSeats}
              step={1}
              value={text}
              onChange={(event) => onChange(event.target.value)}
              className="max-w-24 text-center tabular-nums"
            />
            <button
              type="button"
              className={stepClass}
              aria-label={t("seats.more")}
              disabled={seats !== null && seats >= LICENCE_LIMITS.maxSeats}
              onClick={() => step(1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        )}
      </Field>
      {colleagues > 0 ? (
        <dl className="flex flex-col gap-1 text-sm" aria-live="polite">
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t("seats.yourSeat")}</dt>
            <dd className="tabular-nums">{formatMoney(firstSeatCents)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted">
              {t(colleagues === 1 ? "seats.extraOne" : "seats.extraMany", {
                count: String(colleagues),
                price: formatMoney(seatPriceCents),
              })}
            </dt>
            <dd className="tabular-nums">{formatMoney(colleagues * seatPriceCents)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
