import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { api, fileUrl } from "../../api/client.ts";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { buttonClass } from "../../components/ui/index.ts";
import { followAd } from "../../state/ads.ts";
import { useAdvertisingTexts } from "../advertising/advertising-texts.ts";

/**
 * /offers and /offers/{index}: the discount codes of the running ads and their statements, from the
 * advertisers who keep the marketplace free; one offer at a time with /offers/{index}.
 */
export default function OffersPage() {
  const { index } = useParams();
  // Logging out lands here as /offers?logout when ads are shown (spec 4): the page greets with the logout image.
  const [search] = useSearchParams();
  const t = useAdvertisingTexts();
  const offers = useQuery({
    queryKey: ["ads", "offers"],
    queryFn: ({ signal }) => api.call("GET /advertisements/offers", { signal }),
  });
  const all = offers.data?.offers ?? [];
  const one = index === undefined ? null : Number(index);
  const shown = one === null ? all : all.slice(one, one + 1);
  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey={search.has("logout") ? "logout" : "offers"} />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.offers.title")}</h1>
      <p className="max-w-prose text-muted">{t("ads.offers.intro")}</p>
      {offers.isError ? (
        <p role="alert">{t("ads.offers.loadFailed")}</p>
      ) : !offers.data ? (
        <p role="status">{t("ads.loading")}</p>
      ) : shown.length === 0 ? (
        <p className="rounded-ui border border-line p-6 text-muted">{t("ads.offers.empty")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label={t("ads.offers.list")}>
          {shown.map((offer, i) => (
            <li key={offer.id} className="flex flex-col gap-3 rounded-ui border border-line p-4">
              {offer.image_url ? (
                <img src={fileUrl(offer.image_url)} alt="" className="w-full rounded-ui object-cover" />
              ) : null}
              <h2 className="text-lg font-semibold">{offer.title}</h2>
              {offer.business_name ? <p className="text-sm text-muted">{offer.business_name}</p> : null}
              <p>
                {t("ads.offers.code")} <strong className="font-mono">{offer.discount_code}</strong>
              </p>
              {offer.statement ? <p className="text-xs text-muted">{offer.statement}</p> : null}
              <div className="flex gap-3">
                {offer.click_url ? (
                  <a
                    href={offer.click_url}
                    rel="sponsored noopener noreferrer"
                    onClick={(event) => {
                      event.preventDefault();
                      void followAd(offer.id, offer.token, offer.click_url ?? "");
                    }}
                    className={buttonClass("primary", "sm")}
                  >
                    {t("ads.offers.use")}
                  </a>
                ) : null}
                {one === null ? (
                  <Link to={`/offers/${i}`} className="text-sm underline">
                    {t("ads.offers.open")}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {one !== null ? (
        <Link to="/offers" className="underline">
          {t("ads.offers.all")}
        </Link>
      ) : null}
    </section>
  );
}
