import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { api, fileUrl } from "../../api/client.ts";
import { formatPrice } from "./format.ts";
import { usePublishingTexts } from "./publishing-texts.ts";
import { ReviewPanel } from "./ReviewPanel.tsx";
import { SubmittedFiles } from "./SubmittedFiles.tsx";
import { editQueryKey } from "./wizard-step.ts";

/**
 * /resources/{id}/approve: what the reviewer checks (text, previews, price, and the submitted files,
 * which open from here) and the decision.
 */
export default function ApprovePage() {
  const t = usePublishingTexts();
  const { id = "" } = useParams();
  const resource = useQuery({
    queryKey: editQueryKey(id),
    queryFn: ({ signal }) => api.call("GET /resources/:id/edit", { params: { id }, signal }),
  });
  if (resource.isError) return <p role="alert">{t("wizard.loadFailed")}</p>;
  if (!resource.data) return <p role="status">{t("publishing.loading")}</p>;
  const r = resource.data;
  return (
    <section className="flex flex-col gap-6">
      <Link to="/admin/exceptions/publishing" className="text-sm font-medium underline">
        {t("queue.title")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("review.title", { title: r.title })}</h1>
      <dl className="grid max-w-3xl gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium">{t("field.subtitle")}</dt>
        <dd>{r.subtitle ?? "—"}</dd>
        <dt className="font-medium">{t("field.subject")}</dt>
        <dd>{r.subject_area}</dd>
        <dt className="font-medium">{t("field.grade")}</dt>
        <dd>{r.grade}</dd>
        <dt className="font-medium">{t("field.description")}</dt>
        <dd className="whitespace-pre-line">{r.description}</dd>
        <dt className="font-medium">{t("field.skills")}</dt>
        <dd>{r.skillsArray.join(", ")}</dd>
        <dt className="font-medium">{t("field.standards")}</dt>
        <dd>{r.standardsArray.join(", ")}</dd>
        <dt className="font-medium">{t("field.keywords")}</dt>
        <dd>{r.keywordsArray.join(", ")}</dd>
        <dt className="font-medium">{t("price.price")}</dt>
        <dd>{formatPrice(r.price, r.sale_price, r.sale_end)}</dd>
        <dt className="font-medium">{t("review.files")}</dt>
        <dd>
          <SubmittedFiles resourceId={r.id} files={r.resources_files_models} t={t} />
        </dd>
      </dl>
      <ul className="flex flex-wrap gap-3" aria-label={t("step.images")}>
        {r.resources_previews_models.map((p, index) => (
          <li key={p.id}>
            <a href={fileUrl(p.locator)} target="_blank" rel="noreferrer">
              <img
                src={fileUrl(p.locator)}
                alt={t("images.slot", { index: String(index + 1) })}
                width={96}
                height={124}
                className="h-[124px] w-24 border border-line object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
      <ReviewPanel resource={r} t={t} onDone={() => resource.refetch()} />
    </section>
  );
}
