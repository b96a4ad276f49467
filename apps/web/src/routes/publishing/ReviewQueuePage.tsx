import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { pageFromSearch } from "../catalogue/filters.ts";
import { formatPrice } from "./format.ts";
import { PUBLISHING_KEY } from "./PublishingPage.tsx";
import { usePublishingTexts } from "./publishing-texts.ts";
import { SubmittedFiles } from "./SubmittedFiles.tsx";

const PAGE_SIZE = 24;

/**
 * /admin/exceptions/publishing: resources awaiting approval, the longest waiting first (spec 3 and 4),
 * each with the files submitted, which the reviewer can open from here.
 */
export default function ReviewQueuePage() {
  const t = usePublishingTexts();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const queue = useQuery({
    queryKey: [...PUBLISHING_KEY, "queue", page],
    queryFn: ({ signal }) =>
      api.call("GET /admin/resources/review-queue", { query: { page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("queue.title")}</h1>
      {queue.isError ? (
        <p role="alert">{t("publishing.loadFailed")}</p>
      ) : !queue.data ? (
        <p role="status">{t("publishing.loading")}</p>
      ) : queue.data.resources.length === 0 ? (
        <p className="rounded-ui border border-line p-6 text-muted">{t("queue.empty")}</p>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-ui border border-line">
            {queue.data.resources.map((item) => (
              <li key={item.id} className="flex flex-col gap-3 p-4">
                <div className="flex flex-wrap items-start gap-4">
                  <div className="min-w-0 flex-1">
                    <h2 className="font-semibold">{item.title}</h2>
                    <p className="text-sm text-muted">
                      {t("queue.by", { name: `@${item.creator.username}` })} ·{" "}
                      {formatPrice(item.price, null, null)} ·{" "}
                      {t("queue.submitted", { date: formatIsoDate(item.submitted_at.slice(0, 10)) })} ·{" "}
                      {item.curator_score === null
                        ? t("queue.noScore")
                        : t("queue.score", { score: String(item.curator_score) })}
                    </p>
                  </div>
                  <LinkButton
                    variant="primary"
                    to={`/resources/${encodeURIComponent(item.id)}/approve`}
                    aria-label={`${t("queue.open")}: ${item.title}`}
                  >
                    {t("queue.open")}
                  </LinkButton>
                </div>
                <section aria-label={t("review.filesOf", { title: item.title })}>
                  <h3 className="text-sm font-semibold text-muted">{t("review.files")}</h3>
                  <SubmittedFiles resourceId={item.id} files={item.files} t={t} />
                </section>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={queue.data.total} />
        </>
      )}
    </section>
  );
}
