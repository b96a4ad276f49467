import { type CouponQuote, formatMoney, normalizeCouponCode } from "@market/domain";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { Button, Field, Input } from "../../components/ui/index.ts";
import { refusalKey, useCouponTexts } from "./coupon-texts.ts";

/** How long the seats must stay unchanged before an applied code is quoted for them again. */
const SEATS_SETTLE_MS = 350;

/**
 * The checkout's "Coupon code" field (issue 22): Apply asks the server for the price with the code
 * (GET /coupons/{code}/quote, priced as the checkout prices), shows what it saves before anything is
 * paid, or says in words why the code does not apply. The page charges `onQuote`'s price and sends the
 * code with it. A `?coupon=CODE` in the address (a link a creator shared) fills the field and applies it.
 */
export function CouponField({
  resourceId,
  gift,
  seats = 1,
  onQuote,
}: {
  resourceId: string;
  gift: boolean;
  /** Seats bought (issue 23): the quote is then the whole licence's; asked again when they change. */
  seats?: number;
  onQuote: (quote: CouponQuote | null, seats: number) => void;
}) {
  const t = useCouponTexts();
  const id = useId();
  const [search] = useSearchParams();
  const fromLink = search.get("coupon");
  const [code, setCode] = useState(fromLink ?? "");
  const [quote, setQuote] = useState<CouponQuote | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The seats the latest ask was for: an answer for seats the buyer has since changed is not the price.
  const askedSeats = useRef(seats);
  const check = useMutation({
    mutationFn: ({ typed, forSeats }: { typed: string; forSeats: number }) =>
      api.call("GET /coupons/:code/quote", {
        params: { code: typed },
        query: {
          resourceId,
          gift: gift ? "true" : "false",
          ...(forSeats > 1 ? { seats: forSeats } : {}),
        },
      }),
    onSuccess: (answer, { forSeats }) => {
      if (forSeats !== askedSeats.current) return;
      setQuote(answer);
      setRefusal(null);
      onQuote(answer, forSeats);
    },
    onError: (error, { forSeats }) => {
      if (forSeats !== askedSeats.current) return;
      setQuote(null);
      onQuote(null, forSeats);
      setRefusal(t(refusalKey(error instanceof ApiError ? error.code : undefined)));
    },
  });
  const ask = (typed: string) => {
    askedSeats.current = seats;
    check.mutate({ typed, forSeats: seats });
  };
  const apply = (typed: string) => {
    const normal = normalizeCouponCode(typed);
    if (!normal) {
      setRefusal(t("coupon.empty"));
      return;
    }
    ask(normal);
  };
  const remove = () => {
    setQuote(null);
    setRefusal(null);
    setCode("");
    onQuote(null, seats);
  };

  // A shared link's code is applied once, on arrival.
  const linkApplied = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the code the page opened with
  useEffect(() => {
    if (linkApplied.current || !fromLink) return;
    linkApplied.current = true;
    apply(fromLink);
  }, []);
  // A gift is priced without a bundle's credit: an applied code is asked again when the buyer switches.
  const lastGift = useRef(gift);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the gift switch changes
  useEffect(() => {
    if (lastGift.current === gift) return;
    lastGift.current = gift;
    if (quote) ask(quote.code);
  }, [gift]);
  // A licence's quote is the whole purchase's: asked again once the seats stop changing (a stepper's
  // presses are one change, not one quote each: the quote is limited per minute).
  const lastSeats = useRef(seats);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the seats change
  useEffect(() => {
    if (lastSeats.current === seats) return;
    lastSeats.current = seats;
    if (!quote) return;
    askedSeats.current = seats;
    const timer = setTimeout(() => check.mutate({ typed: quote.code, forSeats: seats }), SEATS_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [seats]);

  if (quote) {
    const saved = quote.beforeCents - quote.priceCents;
    return (
      <div
        className="flex flex-col gap-1 rounded-ui border border-success bg-success/30 p-3"
        aria-live="polite"
      >
        <p className="font-medium">{t("coupon.applied", { code: quote.code })}</p>
        <p className="text-sm">{t("coupon.saving", { amount: formatMoney(saved) })}</p>
        <button
          type="button"
          onClick={remove}
          className="self-start text-sm font-medium underline underline-offset-2"
        >
          {t("coupon.remove")}
        </button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply(code);
      }}
    >
      <Field id={`${id}-coupon`} label={t("coupon.label")} hint={t("coupon.hint")} error={refusal} optional>
        {(bindings) => (
          <div className="flex gap-2">
            <Input
              {...bindings}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setRefusal(null);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              className="min-w-0 flex-1 uppercase"
            />
            <Button type="submit" variant="secondary" busy={check.isPending}>
              {check.isPending ? t("coupon.applying") : t("coupon.apply")}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
