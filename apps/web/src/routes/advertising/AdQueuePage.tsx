import { formatMoney } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { api } from "../../api/client.ts";
import { LinkButton } from "../../components/ui/index.ts";
import { AdPreview } from "./AdPreview.tsx";
import { AdReviewPanel } from "./AdReviewPanel.tsx";
import { adFormatName, useAdvertisingTexts } from "./advertising-texts.ts";

/** /admin/exceptions/advertising: ads awaiting approval with their comment text. */
export default function AdQueuePage() {
  const t = useAdvertisingTexts();
  const queue = useQuery({
    queryKey: ["ads", "queue"],
    queryFn: ({ signal }) => api.call("GET /admin/advertisements/review-queue", { signal }),
  });
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.queue.title")}</h1>
      {!queue.data ? (
        <p role="status">{t("ads.loading")}</p>
      ) : queue.data.ads.length === 0 ? (
        <p className="text-muted">{t("ads.queue.empty")}</p>
      ) : (
        <ul className="divide-y divide-line rounded-ui border border-line">
          {queue.data.ads.map((ad) => (
            <li key={ad.id} className="flex flex-wrap items-center gap-4 p-4">
              <span className="flex-1">
                {t("ads.queue.summary", {
                  title: ad.title ?? "",
                  format: adFormatName(t, ad.ad_type),
                  price: formatMoney(ad.spend_per_day),
                  days: String(ad.run_days_total),
                })}
                {ad.review_comment ? ` ${t("ads.queue.comment", { comment: ad.review_comment })}` : ""}
              </span>
              <LinkButton
                variant="primary"
                to={`/advertising/${ad.id}/approve`}
                aria-label={t("ads.queue.reviewLabel", { title: ad.title ?? ad.id })}
              >
                {t("ads.queue.review")}
              </LinkButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /advertising/{id}/approve: the ad as it will look, and the decision. */
export function ApproveAdPage() {
  const { id = "" } = useParams();
  const t = useAdvertisingTexts();
  const ad = useQuery({
    queryKey: ["ads", "own", id],
    queryFn: ({ signal }) => api.call("GET /advertisements/:id", { params: { id }, signal }),
  });
  if (!ad.data) return <p role="status">{t("ads.loading")}</p>;
  const a = ad.data;
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("ads.approve.title", { title: a.title ?? "" })}</h1>
      <AdPreview ad={a} />
      <p className="text-sm text-muted">
        {t("ads.approve.links", { url: a.click_url ?? "", statement: a.statement ?? "" })}
      </p>
      <AdReviewPanel ad={a} />
    </section>
  );
}
