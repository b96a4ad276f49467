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

interface QueueItem {
  id: string;
  name: string;
  title: string;
  status: string;
  approval_status: string;
  curator_score: number | null;
  price: number;
  creator: { username: string; first_name: string };
  submitted_at: string;
}

const PAGE_SIZE = 24;

/** /admin/exceptions/publishing: resources awaiting approval, the longest waiting first (spec 3 and 4). */
export default function ReviewQueuePage() {
  const t = usePublishingTexts();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const queue = useQuery({
    queryKey: [...PUBLISHING_KEY, "queue", page],
    queryFn: ({ signal }) =>
      api.get<{ resources: QueueItem[]; total: number }>("/admin/resources/review-queue", {
        query: { page, pageSize: PAGE_SIZE },
        signal,
      }),
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
              <li key={item.id} className="flex flex-wrap items-center gap-4 p-4">
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold">{item.title}</h2>
                  <p className="text-sm text-muted">
                    @{item.creator.username} · {formatPrice(item.price, null, null)} · {item.status} ·{" "}
                    {t("queue.submitted", { date: formatIsoDate(item.submitted_at.slice(0, 10)) })} ·{" "}
                    {item.curator_score === null
                      ? t("queue.noScore")
                      : t("queue.score", { score: String(item.curator_score) })}
                  </p>
                  <p className="font-mono text-xs text-muted">{item.id}</p>
                </div>
                <LinkButton
                  variant="primary"
                  to={`/resources/${encodeURIComponent(item.id)}/approve`}
                  aria-label={`${t("queue.open")}: ${item.title}`}
                >
                  {t("queue.open")}
                </LinkButton>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={queue.data.total} />
        </>
      )}
    </section>
  );
}
