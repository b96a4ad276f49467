import { type CouponQuote, formatMoney, type GiftDetail, isOnSale, priceToPay } from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { Cover } from "../../components/Cover.tsx";
import { formatIsoDate } from "../../components/format.ts";
import {
  Badge,
  Button,
  Card,
  LinkButton,
  LoadingPlaceholder,
  Price,
  ScreenFailure,
  Skeleton,
} from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { DownloadButton } from "../resources/DownloadButton.tsx";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { useFileDownload } from "../resources/use-download.ts";
import { BillingFields, useBillingDraft } from "./BillingFields.tsx";
import { CouponField } from "./CouponField.tsx";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";
import { BoughtItem } from "./purchase-parts.tsx";
import { SeatsField, useSeatsText } from "./SeatsField.tsx";
import { checkoutPrice, parseSeats } from "./seats-price.ts";

/**
 * /resources/{id}/purchase: the checkout of a paid resource, for the buyer alone or with seats for
 * colleagues (issue 23: ?seats= fills the count in); with ?as=gift, of a gift (the buyer pays, and
 * gets a link to send). With a `gift` code in the address (a gift link), the teacher who opened it sees
 * who sent them what, and claims it: never a payment form.
 */
export default function PurchasePage() {
  const [search] = useSearchParams();
  const giftCode = search.get("gift");
  return giftCode ? <ClaimGift code={giftCode} /> : <Checkout asGift={search.get("as") === "gift"} />;
}

function Checkout({ asGift }: { asGift: boolean }) {
  const t = useCheckoutTexts();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSession();
  const resource = useQuery(resourceDetailQuery(id));
  const form = usePaymentForm();
  const attempt = useCheckoutAttempt(form);
  const billing = useBillingDraft();
  // An applied coupon code: its quoted price is what is charged (issue 22), for the seats it was quoted for.
  const [coupon, setCoupon] = useState<{ quote: CouponQuote; seats: number } | null>(null);
  // The seats as typed (issue 23): the buyer's own and their colleagues'.
  const [seatsText, changeSeats] = useSeatsText();

  if (resource.isError)
    return (
      <ScreenFailure
        title={t("purchase.loadFailed")}
        retry={{ label: t("purchase.retry"), onRetry: () => void resource.refetch() }}
      />
    );
  if (!resource.data)
    return (
      <LoadingPlaceholder
        label={t("purchase.loading")}
        className="grid max-w-5xl gap-8 md:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="flex flex-col gap-4">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-64" />
        </div>
        <Skeleton className="h-48 rounded-card" />
      </LoadingPlaceholder>
    );
  const r = resource.data;
  const path = `/resources/${encodeURIComponent(r.name)}`;
  const isCreator = session?.claims.sub === r.users_model.id;
  const blocked = r.price === 0 || isCreator || (r.isOwned && !asGift);
  // Seats for colleagues: a paid purchase for oneself only; a gift is one seat.
  const withSeats = !asGift && !blocked;
  const seats = withSeats ? parseSeats(seatsText) : 1;
  // With a code, its quote is the whole purchase's; without, the buyer's seat and the colleagues'.
  const { amount, firstSeatCents, quotePending } = checkoutPrice({
    seats,
    ownSeatCents: priceToPay(r),
    seatPriceCents: r.seatPriceCents,
    coupon: coupon && { priceCents: coupon.quote.priceCents, seats: coupon.seats },
  });
  const cover = [...r.resources_previews_models].sort((a, b) => a.order_index - b.order_index)[0];
  const switchTo = (gift: boolean) => {
    const colleagues = parseSeats(seatsText);
    setSearch(gift ? { as: "gift" } : colleagues && colleagues > 1 ? { seats: String(colleagues) } : {}, {
      replace: true,
    });
  };

  const pay = form.handleSubmit(async (payment) => {
    if (blocked || amount === null || seats === null) return;
    const body = {
      resourceId: r.id,
      amount,
      ...(seats > 1 ? { seats } : {}),
      ...(coupon ? { couponCode: coupon.quote.code } : {}),
      ...billing.request(),
      ...payment,
    };
    const answer = await attempt.pay(
      (headers) =>
        asGift
          ? api.call("POST /transactions/resource/purchase/gift/:code", {
              params: { code: session?.user?.ref_code ?? "" },
              body,
              headers,
            })
          : api.call("POST /transactions/resource/purchase", { body, headers }),
      (error) => {
        if (!(error instanceof ApiError && error.code === "price_changed")) return null;
        void resource.refetch();
        return t("purchase.priceChanged");
      },
    );
    if (!answer) return;
    // Cached copies say "not yours" (and show Buy): drop them so the resource page asks again.
    queryClient.removeQueries({ queryKey: ["resources", "detail"] });
    void queryClient.invalidateQueries({ queryKey: ["library"] });
    billing.paid();
    navigate(`${path}/purchase/completed?sale=${encodeURIComponent(answer.sale.saleId)}`);
  });

  return (
    <section className="grid max-w-5xl gap-x-10 gap-y-6 md:grid-cols-[minmax(0,1fr)_20rem]">
      <header className="flex flex-col gap-3 md:col-start-1">
        <h1 className="text-2xl leading-tight font-bold sm:text-3xl">
          {t(asGift ? "purchase.giftTitle" : "purchase.title", { title: r.title })}
        </h1>
        {asGift ? (
          <div className="flex flex-col items-start gap-2 rounded-card border border-info bg-info/30 p-4">
            <p className="font-medium">{t("purchase.giftExplain")}</p>
            {r.isOwned || isCreator ? null : (
              <button
                type="button"
                onClick={() => switchTo(false)}
                className="text-sm font-medium underline underline-offset-2"
              >
                {t("purchase.forSelf")}
              </button>
            )}
          </div>
        ) : null}
        {r.price === 0 ? (
          <p>
            {t("purchase.free")}{" "}
            <Link to={path} className="font-medium underline">
              {r.title}
            </Link>
          </p>
        ) : isCreator ? (
          <p>{t("purchase.own")}</p>
        ) : r.isOwned && !asGift ? (
          <p>
            {t("purchase.owned")}{" "}
            <Link to={path} className="font-medium underline">
              {t("purchase.ownedLink")}
            </Link>
          </p>
        ) : null}
        {!asGift && r.price > 0 && !isCreator ? (
          <button
            type="button"
            onClick={() => switchTo(true)}
            className="self-start text-sm font-medium underline underline-offset-2"
          >
            {t("purchase.asGiftLink")}
          </button>
        ) : null}
      </header>

      <aside className="md:col-start-2 md:row-span-2 md:row-start-1">
        <Card className="flex flex-col gap-4 md:sticky md:top-20">
          <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">
            {t("purchase.summary")}
          </h2>
          <BoughtItem
            resource={{ name: r.name, title: r.title, cover_locator: cover?.locator ?? null }}
            by={t("purchase.by", { name: r.users_model.first_name })}
            coverClass="w-16"
          >
            {asGift ? (
              <Badge tone="info" className="self-start">
                {t("purchase.giftBadge")}
              </Badge>
            ) : null}
          </BoughtItem>
          {withSeats ? (
            <SeatsField
              text={seatsText}
              onChange={changeSeats}
              firstSeatCents={firstSeatCents}
              seatPriceCents={r.seatPriceCents}
            />
          ) : null}
          <div className="flex items-baseline justify-between gap-3 border-t border-line pt-3">
            <span className="font-medium">{t("purchase.total")}</span>
            {seats !== null && seats > 1 ? (
              <Price cents={amount ?? firstSeatCents + (seats - 1) * r.seatPriceCents} size="lg" />
            ) : (
              <Price cents={r.price} saleCents={coupon ? coupon.quote.priceCents : r.sale_price} size="lg" />
            )}
          </div>
          {quotePending ? (
            <p role="status" className="text-sm text-muted">
              {t("seats.requoting", { count: String(seats) })}
            </p>
          ) : null}
          {isOnSale(r) && r.sale_end ? (
            <p className="text-sm text-muted">
              {t("purchase.onSale", { date: formatIsoDate(r.sale_end), price: formatMoney(r.price) })}
            </p>
          ) : null}
          {blocked ? null : (
            <CouponField
              resourceId={r.id}
              gift={asGift}
              seats={seats ?? coupon?.seats ?? 1}
              onQuote={(quote, quoted) => setCoupon(quote ? { quote, seats: quoted } : null)}
            />
          )}
        </Card>
      </aside>

      <form onSubmit={(e) => void pay(e)} noValidate className="flex flex-col gap-6 md:col-start-1">
        <PaymentFields form={form} t={t} />
        <BillingFields billing={billing} />
        <CheckoutFailure message={attempt.failure} />
        <Button
          type="submit"
          size="lg"
          busy={attempt.busy}
          disabled={blocked || amount === null}
          className="sm:self-start"
        >
          {attempt.busy
            ? t("pay.paying")
            : amount === null
              ? t("purchase.payPending")
              : t(
                  asGift
                    ? "purchase.payGift"
                    : seats !== null && seats > 1
                      ? "purchase.paySeats"
                      : "purchase.pay",
                  {
                    amount: formatMoney(amount),
                    count: String(seats),
                  },
                )}
        </Button>
      </form>
    </section>
  );
}

/** A gift link: who sent what, and "Claim your gift"; once it is theirs, the download (spec 6: visitors sign up first). */
function ClaimGift({ code }: { code: string }) {
  const t = useCheckoutTexts();
  const session = useSession();
  const queryClient = useQueryClient();
  const gift = useQuery({
    queryKey: ["gifts", session?.claims.sub ?? "", code],
    queryFn: ({ signal }) =>
      api.call("GET /transactions/gifts/:giftCode", { params: { giftCode: code }, signal }),
    retry: false,
  });
  const claim = useMutation({
    mutationFn: () => api.call("POST /transactions/gifts/:giftCode/claim", { params: { giftCode: code } }),
    onSettled: async () => {
      // Every cached copy of the resource said "not yours", and the library did not have it.
      queryClient.removeQueries({ queryKey: ["resources", "detail"] });
      void queryClient.invalidateQueries({ queryKey: ["library"] });
      await gift.refetch();
    },
  });

  if (gift.isError) {
    const missing = gift.error instanceof ApiError && gift.error.status === 404;
    return (
      <ScreenFailure
        title={t(missing ? "gift.missing" : "purchase.loadFailed")}
        retry={{ label: t("purchase.retry"), onRetry: () => void gift.refetch() }}
        leave={missing ? { label: t("gift.home"), to: "/" } : undefined}
      />
    );
  }
  if (!gift.data)
    return (
      <LoadingPlaceholder label={t("gift.loading")} className="mx-auto flex max-w-2xl gap-6 py-4">
        <Skeleton className="aspect-[692/896] w-32" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-11 w-40" />
        </div>
      </LoadingPlaceholder>
    );
  return <GiftView gift={gift.data} justClaimed={claim.isSuccess} claim={claim} />;
}

function GiftView({
  gift,
  justClaimed,
  claim,
}: {
  gift: GiftDetail;
  justClaimed: boolean;
  claim: { mutate: () => void; isPending: boolean; isError: boolean };
}) {
  const t = useCheckoutTexts();
  const { resource, state } = gift;
  const path = `/resources/${encodeURIComponent(resource.name)}`;
  const values = { title: resource.title, name: gift.from.first_name };
  const heading =
    state === "open"
      ? t("gift.title", values)
      : state === "claimed_by_you"
        ? t(justClaimed ? "gift.claimed" : "gift.already", values)
        : state === "claimed"
          ? t("gift.taken")
          : t("gift.ownGift");

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 py-2 sm:flex-row sm:items-start sm:gap-8">
      <Cover
        locator={resource.cover_locator}
        title={resource.title}
        className="w-40 self-center sm:w-56 sm:self-start"
      />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-4">
        {state === "open" ? <GiftBadge /> : null}
        <h1 className="text-2xl leading-tight font-bold text-balance sm:text-3xl">{heading}</h1>
        <p className="text-muted">{t("gift.by", { name: resource.creator.first_name })}</p>
        {state === "open" ? (
          <>
            <p>{t("gift.body")}</p>
            <Button
              size="lg"
              busy={claim.isPending}
              onClick={() => claim.mutate()}
              className="w-full sm:w-auto"
            >
              {t("gift.claim")}
            </Button>
            {claim.isError ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {t("gift.claimFailed")}
              </p>
            ) : null}
          </>
        ) : null}
        {state === "claimed_by_you" ? <ClaimedActions gift={gift} path={path} /> : null}
        {state === "claimed" ? (
          <LinkButton to="/" variant="secondary">
            {t("gift.home")}
          </LinkButton>
        ) : null}
        {state === "yours_to_send" ? (
          <LinkButton to="/profile/purchases" variant="secondary">
            {t("gift.library")}
          </LinkButton>
        ) : null}
      </div>
    </section>
  );
}

function GiftBadge() {
  const t = useCheckoutTexts();
  return (
    <Badge tone="info" className="text-sm">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
        <path
          d="M3 8h14v3H3zM4 11h12v6H4zM10 8v9M10 8C8 4 5 5 6.5 7M10 8c2-4 5-3 3.5-1"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      {t("purchase.giftBadge")}
    </Badge>
  );
}

function ClaimedActions({ gift, path }: { gift: GiftDetail; path: string }) {
  const t = useCheckoutTexts();
  const file = gift.file ?? { id: "", name: "" };
  const download = useFileDownload({ resource: gift.resource, file });
  return (
    <div className="flex w-full flex-col gap-3 sm:w-auto">
      {gift.file ? (
        <DownloadButton download={download} fileName={file.name} label={t("gift.download")} size="lg" />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <LinkButton to={path} variant="secondary">
          {t("gift.open")}
        </LinkButton>
        <LinkButton to="/profile/purchases" variant="ghost">
          {t("gift.library")}
        </LinkButton>
      </div>
    </div>
  );
}
