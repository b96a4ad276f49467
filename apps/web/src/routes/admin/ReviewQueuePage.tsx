import {
  REVIEW_LIMITS,
  REVIEW_REPORT_REASON_LABELS,
  type ReportedReview,
  resourceReviewsPath,
} from "@market/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { api, type ResponseOf } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Pagination } from "../../components/Pagination.tsx";
import {
  Badge,
  Button,
  EmptyState,
  LoadingPlaceholder,
  ScreenFailure,
  Skeleton,
  Stars,
  Toast,
  useTimedNotice,
} from "../../components/ui/index.ts";
import { pageFromSearch } from "../catalogue/filters.ts";
import { type AdminTexts, useAdminTexts } from "./admin-texts.ts";

const QUEUE_KEY = ["admin", "reviews", "reported"] as const;
const PAGE_SIZE = REVIEW_LIMITS.queuePageSize;
type Queue = ResponseOf<"GET /admin/reviews/reported">;
type Decision = "hide" | "keep";

const day = (instant: string) => formatIsoDate(instant.slice(0, 10));

/**
 * /admin/exceptions/reviews (issue 21): reviews readers reported, the one reported longest ago first, each
 * with its reports. Hiding takes a review off its resource's page and out of its average; keeping leaves it
 * (or shows it again). Either settles its reports, and it leaves the queue at once.
 */
export default function ReviewQueuePage() {
  const t = useAdminTexts();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const queryClient = useQueryClient();
  const [notice, show] = useTimedNotice();
  const queue = useQuery({
    queryKey: [...QUEUE_KEY, page],
    queryFn: ({ signal }) => api.call("GET /admin/reviews/reported", { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ review, decision }: { review: ReportedReview; decision: Decision }) =>
      api.call(decision === "hide" ? "POST /admin/reviews/:id/hide" : "POST /admin/reviews/:id/keep", {
        params: { id: review.id },
      }),
    onSuccess: (_answer, { review, decision }) => {
      // The row leaves at once; the refetch then brings the next one up from a later page.
      queryClient.setQueryData<Queue>([...QUEUE_KEY, page], (old) =>
        old
          ? { reviews: old.reviews.filter((r) => r.id !== review.id), total: Math.max(0, old.total - 1) }
          : old,
      );
      show(
        t(decision === "hide" ? "reviewQueue.wasHidden" : "reviewQueue.wasKept", {
          username: review.author.username,
          title: review.resource.title,
        }),
      );
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      void queryClient.invalidateQueries({ queryKey: ["admin", "exceptions"] });
    },
    onError: (error) =>
      show(t("common.failed", { message: error instanceof Error ? error.message : String(error) }), "error"),
  });

  if (queue.isError && !queue.data)
    return (
      <ScreenFailure
        title={t("reviewQueue.loadFailed")}
        retry={{ label: t("common.retry"), onRetry: () => void queue.refetch() }}
      />
    );
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("reviewQueue.title")}</h1>
        <p className="mt-2 text-muted">{t("reviewQueue.intro")}</p>
      </header>
      {!queue.data ? (
        <LoadingPlaceholder label={t("reviewQueue.loading")} className="flex flex-col gap-3">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </LoadingPlaceholder>
      ) : queue.data.reviews.length === 0 ? (
        <EmptyState title={t("reviewQueue.empty")} body={t("reviewQueue.emptyBody")} />
      ) : (
        <>
          <ul
            className="divide-y divide-line rounded-ui border border-line"
            aria-label={t("reviewQueue.title")}
          >
            {queue.data.reviews.map((review) => (
              <ReportedReviewRow
                key={review.id}
                review={review}
                t={t}
                busy={decide.isPending}
                onDecide={(decision) => decide.mutate({ review, decision })}
              />
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={queue.data.total} />
        </>
      )}
      <Toast notice={notice} />
    </section>
  );
}

function ReportedReviewRow({
  review,
  t,
  busy,
  onDecide,
}: {
  review: ReportedReview;
  t: AdminTexts;
  busy: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const who = { username: review.author.username, title: review.resource.title };
  return (
    <li className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start">
      <article className="flex min-w-0 flex-1 flex-col gap-2" aria-label={t("reviewQueue.reviewOf", who)}>
        <h2 className="font-semibold">
          <Link
            to={resourceReviewsPath(review.resource.name)}
            className="underline underline-offset-4 hover:decoration-2"
          >
            {review.resource.title}
          </Link>
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Stars value={review.rating} size="sm" />
          <span className="text-muted">
            {t("reviewQueue.by", {
              name: review.author.first_name,
              username: review.author.username,
              date: day(review.createdAt),
            })}
          </span>
          {review.isHidden ? <Badge tone="warning">{t("reviewQueue.hidden")}</Badge> : null}
        </div>
        {review.text ? (
          <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">{review.text}</blockquote>
        ) : (
          <p className="text-sm text-muted">{t("reviewQueue.noText")}</p>
        )}
        {review.reply ? (
          <p className="text-sm text-muted">{t("reviewQueue.reply", { text: review.reply.text })}</p>
        ) : null}
        <section aria-label={t("reviewQueue.reportsOf", who)} className="rounded-ui bg-wash p-3">
          <h3 className="text-sm font-semibold">
            {t("reviewQueue.reports", { count: String(review.reports.length) })}
          </h3>
          <ul className="mt-1 flex flex-col gap-2 text-sm">
            {review.reports.map((report) => (
              <li key={`${report.reporter}-${report.createdAt}`}>
                <span className="font-medium">{REVIEW_REPORT_REASON_LABELS[report.reason]}</span>
                <span className="text-muted">
                  {" "}
                  · {t("reviewQueue.reportedBy", { username: report.reporter, date: day(report.createdAt) })}
                </span>
                {report.details ? <p className="whitespace-pre-line">{report.details}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      </article>
      <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col">
        <Button
          variant="primary"
          disabled={busy}
          onClick={() => onDecide("hide")}
          aria-label={t("reviewQueue.hideOf", who)}
        >
          {t("reviewQueue.hide")}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => onDecide("keep")}
          aria-label={t("reviewQueue.keepOf", who)}
        >
          {t("reviewQueue.keep")}
        </Button>
      </div>
    </li>
  );
}
