import { formatMoney, type PurchaseResponse } from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { useSession } from "../../state/session.ts";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";

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
  const attempt = useCheckoutAttempt(form);

  if (resource.isError) return <p role="alert">{t("purchase.loadFailed")}</p>;
  if (!resource.data) return <p role="status">…</p>;
  const r = resource.data;
  const amount = r.sale_price ?? r.price;
  const path = `/resources/${encodeURIComponent(r.name)}`;
  const isCreator = session?.claims.sub === r.users_model.id;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.isValid) return;
    const url = asGift
      ? `/transactions/resource/purchase/gift/${encodeURIComponent(session?.user?.ref_code ?? "")}`
      : "/transactions/resource/purchase";
    const answer = await attempt.pay(
      (headers) => api.post<PurchaseResponse>(url, { resourceId: r.id, amount, ...form.body() }, { headers }),
      (error) => {
        if (!(error instanceof ApiError && error.code === "price_changed")) return null;
        void resource.refetch();
        return t("purchase.priceChanged");
      },
    );
    if (!answer) return;
    // Cached copies say "not yours" (and show Buy): drop them so the resource page asks again.
    queryClient.removeQueries({ queryKey: ["resources", "detail"] });
    navigate(`${path}/purchase/completed`, { state: answer });
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
        <CheckoutFailure message={attempt.failure} />
        <button
          type="submit"
          disabled={attempt.busy || r.price === 0 || isCreator || (r.isOwned && !asGift)}
          className="self-start rounded-ui bg-accent px-5 py-3 text-lg font-semibold text-accent-text disabled:opacity-60"
        >
          {attempt.busy ? t("pay.paying") : t("purchase.pay", { amount: formatMoney(amount) })}
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
