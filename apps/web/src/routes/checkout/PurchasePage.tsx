import {
  formatMoney,
  type PaymentErrorCode,
  type PurchaseResponse,
  paymentErrorMessage,
} from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { useSession } from "../../state/session.ts";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { type CheckoutTexts, useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";

const newKey = () => `web-${crypto.randomUUID()}`;

/**
 * /resources/{id}/purchase: the checkout of a paid resource, or of a gift for another teacher. With a
 * `gift` code in the address (a gift link), a signed-in teacher receives the gift instead.
 */
export default function PurchasePage() {
  const [search] = useSearchParams();
  const giftCode = search.get("gift");
  return giftCode ? <ClaimGift code={giftCode} /> : <Checkout />;
}

function Checkout() {
  const t = useCheckoutTexts();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const resource = useQuery(resourceDetailQuery(id));
  const form = usePaymentForm();
  const [asGift, setAsGift] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per checkout attempt: a retried request (a lost answer, a double click) charges once.
  const key = useRef(newKey());

  if (resource.isError) return <p role="alert">{t("purchase.loadFailed")}</p>;
  if (!resource.data) return <p role="status">…</p>;
  const r = resource.data;
  const amount = r.sale_price ?? r.price;
  const path = `/resources/${encodeURIComponent(r.name)}`;
  const isCreator = session?.claims.sub === r.users_model.id;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.isValid || busy) return;
    setBusy(true);
    setFailure(null);
    const url = asGift
      ? `/transactions/resource/purchase/gift/${encodeURIComponent(session?.user?.ref_code ?? "")}`
      : "/transactions/resource/purchase";
    try {
      const answer = await api.post<PurchaseResponse>(
        url,
        { resourceId: r.id, amount, ...form.body() },
        { headers: { "Idempotency-Key": key.current } },
      );
      // Cached copies say "not yours" (and show Buy): drop them so the resource page asks again.
      queryClient.removeQueries({ queryKey: ["resources", "detail"] });
      navigate(`${path}/purchase/completed`, { state: answer });
    } catch (error) {
      key.current = newKey();
      setFailure(describe(error, t));
      if (error instanceof ApiError && error.fields) form.setServerProblems(error.fields);
      if (error instanceof ApiError && error.code === "price_changed") void resource.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="grid max-w-4xl gap-8 md:grid-cols-[1fr_16rem]">
      <form onSubmit={(e) => void pay(e)} noValidate className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("purchase.title", { title: r.title })}</h1>
        {r.price === 0 ? (
          <p>
            {t("purchase.free")}{" "}
            <Link to={path} className="underline">
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
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            checked={asGift}
            onChange={(e) => setAsGift(e.target.checked)}
            className="mt-1"
          />
          <span>
            <span className="font-medium">{t("purchase.asGift")}</span>
            <span className="block text-sm text-muted">{t("purchase.giftHint")}</span>
          </span>
        </label>
        <PaymentFields form={form} t={t} />
        {failure ? (
          <p role="alert" className="rounded-ui border border-danger p-3 font-medium text-danger">
            {failure}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy || r.price === 0 || isCreator || (r.isOwned && !asGift)}
          className="self-start rounded-ui bg-accent px-5 py-3 text-lg font-semibold text-accent-text disabled:opacity-60"
        >
          {busy ? t("pay.paying") : t("purchase.pay", { amount: formatMoney(amount) })}
        </button>
      </form>
      <aside className="self-start rounded-ui border border-line p-5">
        <p className="text-sm text-muted">{t("purchase.total")}</p>
        <p className="text-3xl font-bold">{formatMoney(amount)}</p>
        {r.sale_price !== null && r.sale_end ? (
          <p className="mt-1 text-sm text-muted">
            {t("purchase.onSale", { date: formatIsoDate(r.sale_end), price: formatMoney(r.price) })}
          </p>
        ) : null}
      </aside>
    </section>
  );
}

function describe(error: unknown, t: CheckoutTexts): string {
  if (error instanceof ApiError) {
    if (error.code === "price_changed") return t("purchase.priceChanged");
    const cardCode = error.fields?.card ?? error.fields?.cardNumber ?? error.fields?.cardCvv;
    if (cardCode && ["payment_declined", "payment_failed", "validation_failed"].includes(error.code)) {
      try {
        return paymentErrorMessage(cardCode as PaymentErrorCode);
      } catch {
        return error.message;
      }
    }
    return error.message || t("purchase.failed");
  }
  return t("purchase.failed");
}

/** A gift link: the signed-in teacher receives the resource at once (visitors sign up first, spec 6). */
function ClaimGift({ code }: { code: string }) {
  const t = useCheckoutTexts();
  const { id = "" } = useParams();
  const [state, setState] = useState<
    | { status: "claiming" }
    | { status: "done"; name: string }
    | { status: "failed"; reason: "taken" | "own" | "missing" }
  >({ status: "claiming" });
  const resource = useQuery(resourceDetailQuery(id));
  const queryClient = useQueryClient();

  useEffect(() => {
    let live = true;
    api
      .post<{ resourceName: string }>(`/transactions/gifts/${encodeURIComponent(code)}/claim`, undefined)
      .then(async (answer) => {
        // Every cached copy of the resource said "not yours": drop them before offering to open it.
        queryClient.removeQueries({ queryKey: ["resources", "detail"] });
        if (live) setState({ status: "done", name: answer.resourceName });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const taken = error instanceof ApiError && error.code === "gift_already_claimed";
        const own = taken && error instanceof ApiError && error.message.startsWith("Send");
        setState({ status: "failed", reason: own ? "own" : taken ? "taken" : "missing" });
      });
    return () => {
      live = false;
    };
  }, [code, queryClient]);

  if (state.status === "claiming") return <p role="status">{t("gift.claiming")}</p>;
  if (state.status === "failed") {
    const key =
      state.reason === "own" ? "gift.ownGift" : state.reason === "taken" ? "gift.taken" : "gift.missing";
    return <p role="alert">{t(key)}</p>;
  }
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold">{t("gift.claimed", { title: resource.data?.title ?? "" })}</h1>
      <Link
        to={`/resources/${encodeURIComponent(state.name)}`}
        className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text"
      >
        {t("gift.open")}
      </Link>
    </section>
  );
}
