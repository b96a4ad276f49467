import { formatAmount } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { api } from "../../api/client.ts";
import { LinkButton } from "../../components/ui/index.ts";
import { adFormatName, adStatusText, inSentence, useAdvertisingTexts } from "./advertising-texts.ts";

/**
 * /advertising/manage: the advertiser's ads with their status, views, clicks, click-through and spend;
 * after the delete step, which ad was deleted.
 */
export default function ManageAdsPage() {
  const t = useAdvertisingTexts();
  const location = useLocation();
  const deleted = (location.state as { deletedAd?: unknown } | null)?.deletedAd;
  const ads = useQuery({
    queryKey: ["ads", "own", "list"],
    queryFn: ({ signal }) => api.call("GET /advertisements", { signal }),
  });
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.manage.title")}</h1>
        <LinkButton variant="primary" to="/advertising/create">
          {t("ads.manage.create")}
        </LinkButton>
      </div>
      {typeof deleted === "string" ? (
        <p role="status" className="rounded-ui bg-success p-3 font-medium text-success-text">
          {t("ads.manage.deleted", { title: deleted })}
        </p>
      ) : null}
      {!ads.data ? (
        <p role="status">{ads.isError ? t("ads.manage.loadFailed") : t("ads.loading")}</p>
      ) : ads.data.ads.length === 0 ? (
        <p className="text-muted">{t("ads.manage.empty")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th className="py-2">{t("ads.manage.column.ad")}</th>
              <th>{t("ads.manage.column.status")}</th>
              <th className="text-right">{t("ads.manage.column.views")}</th>
              <th className="text-right">{t("ads.manage.column.clicks")}</th>
              <th className="text-right">{t("ads.manage.column.ctr")}</th>
              <th className="text-right">{t("ads.manage.column.spend")}</th>
            </tr>
          </thead>
          <tbody>
            {ads.data.ads.map((ad) => (
              <tr key={ad.id} className="border-b border-line">
                <td className="py-2">
                  <Link to={`/advertising/${ad.id}/edit/status`} className="underline">
                    {ad.title ??
                      t("ads.manage.untitled", { format: inSentence(adFormatName(t, ad.ad_type)) })}
                  </Link>
                </td>
                <td>{adStatusText(t, ad.derivedStatus)}</td>
                <td className="text-right">{ad.stats.impressions}</td>
                <td className="text-right">{ad.stats.clicks}</td>
                <td className="text-right">
                  {ad.stats.impressions > 0
                    ? `${((ad.stats.clicks / ad.stats.impressions) * 100).toFixed(1)}%`
                    : t("ads.manage.noCtr")}
                </td>
                <td className="text-right">{formatAmount(ad.stats.spend)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
