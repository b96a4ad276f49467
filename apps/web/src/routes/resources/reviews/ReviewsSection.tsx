import {
  GRADES,
  type Grade,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  type Review,
  type ReviewListResponse,
  type ReviewSort,
  resourceReviewsPath,
} from "@market/domain";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ApiError } from "../../../api/client.ts";
import { Pagination } from "../../../components/Pagination.tsx";
import {
  Button,
  EmptyState,
  LoadingPlaceholder,
  SelectField,
  Skeleton,
  Toast,
  useTimedNotice,
} from "../../../components/ui/index.ts";
import { rememberPath } from "../../../state/session.ts";
import { ReplyForm, ReviewForm } from "./lazy-forms.ts";
import { OwnReview } from "./OwnReview.tsx";
import { ReviewActions } from "./ReviewActions.tsx";
import { gradeName, ReviewCard } from "./ReviewCard.tsx";
import { ReviewSummary } from "./ReviewSummary.tsx";
import { type ReviewView, useReviewList } from "./review-queries.ts";
import { type ReviewTexts, useReviewTexts } from "./review-texts.ts";

/** What every review of the list needs to know of the page around it. */
interface ListContext {
  resourceId: string;
  creatorName: string;
  /** The viewer is the resource's creator: they may reply to each review. */
  isCreator: boolean;
  returnPath: string;
  t: ReviewTexts;
  notify: (text: string, tone?: "success" | "error") => void;
}

/**
 * A resource's reviews (issue 21), below its description: the summary, the viewer's own review or the form
 * to write one (or why they may not), the order and the grade taught, the reviews a page at a time, and
 * for the creator a Reply on each. Loaded as its own chunk after the page's first paint.
 */
export default function ReviewsSection({
  resource,
  isCreator,
}: {
  resource: { id: string; name: string; title: string; creatorName: string };
  isCreator: boolean;
}) {
  const t = useReviewTexts();
  const { query, view, changeView } = useReviewList(resource.id);
  const [notice, show] = useTimedNotice();
  const returnPath = resourceReviewsPath(resource.name);
  useScrollHereOnArrival(query.data !== undefined);
  // A resource the list is not kept for (not yet approved, removed) shows no reviews at all.
  if (query.error instanceof ApiError && query.error.status === 404) return null;
  const context: ListContext = {
    resourceId: resource.id,
    creatorName: resource.creatorName,
    isCreator,
    returnPath,
    t,
    notify: show,
  };

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="flex scroll-mt-20 flex-col gap-6">
      <h2 id="reviews-heading" className="text-lg font-semibold">
        {t("reviews.title")}
      </h2>
      {query.data ? (
        <ReviewsBody
          data={query.data}
          view={view}
          changeView={changeView}
          title={resource.title}
          {...context}
        />
      ) : query.isError ? (
        <EmptyState
          tone="error"
          title={t("reviews.loadFailed")}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t("reviews.retry")}
            </Button>
          }
        />
      ) : (
        <LoadingPlaceholder label={t("reviews.loading")} className="flex flex-col gap-4">
          <Skeleton className="h-24 w-full max-w-md" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </LoadingPlaceholder>
      )}
      <Toast notice={notice} />
    </section>
  );
}

/**
 * A visit that arrives at #reviews (back from logging in to review, a shared link) lands here once the
 * reviews are in: the section renders after the page's first paint, too late for the browser's own jump.
 */
function useScrollHereOnArrival(ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    if (hash === "#reviews") document.getElementById("reviews")?.scrollIntoView?.({ block: "start" });
  }, [ready, hash]);
}

function ReviewsBody({
  data,
  view,
  changeView,
  title,
  ...context
}: ListContext & {
  data: ReviewListResponse;
  view: ReviewView;
  changeView: ReturnType<typeof useReviewList>["changeView"];
  title: string;
}) {
  const { t, resourceId, creatorName } = context;
  const mine = data.mine;
  const others = data.reviews.filter((review) => review.id !== mine?.id);
  const noneYet = data.summary.count === 0 && !mine;
  return (
    <>
      <ReviewSummary summary={data.summary} t={t} />
      {noneYet ? (
        <EmptyState
          title={t("reviews.empty")}
          body={
            data.refusal === null
              ? t("reviews.emptyWrite")
              : data.refusal === "own_resource"
                ? t("reviews.emptyOwn")
                : t("reviews.emptyBuyers")
          }
        />
      ) : null}
      {mine ? (
        <OwnReview
          review={mine}
          resourceId={resourceId}
          creatorName={creatorName}
          t={t}
          onNotice={context.notify}
        />
      ) : null}
      {data.refusal === null ? (
        <div className="rounded-card border border-line p-4 sm:p-5">
          <Suspense fallback={<Skeleton className="h-64" />}>
            <ReviewForm
              resourceId={resourceId}
              // By now the lists are asked again: the review shows as the viewer's own, in the form's place.
              onDone={() => context.notify(t("reviews.form.posted"))}
            />
          </Suspense>
        </div>
      ) : null}
      <RefusalLine refusal={data.refusal} returnPath={context.returnPath} t={t} />
      {data.summary.count > 0 ? <ListControls view={view} changeView={changeView} t={t} /> : null}
      {others.length > 0 ? (
        <ol aria-label={t("reviews.listLabel", { title })} className="flex flex-col divide-y divide-line">
          {others.map((review) => (
            <li key={review.id} className="py-5 first:pt-0">
              <ReviewItem review={review} {...context} />
            </li>
          ))}
        </ol>
      ) : data.summary.count > 0 && !mine ? (
        <p className="text-muted">{t("reviews.noneForGrade")}</p>
      ) : null}
      <Pagination page={data.page} total={data.total} pageSize={data.pageSize} hash="#reviews" />
    </>
  );
}

/** Why the viewer may not write a review, when there is something to say (the creator hears nothing). */
function RefusalLine({
  refusal,
  returnPath,
  t,
}: {
  refusal: ReviewListResponse["refusal"];
  returnPath: string;
  t: ReviewTexts;
}) {
  if (refusal === "sign_in") {
    const [before, after] = t("reviews.signIn").split("{link}");
    return (
      <p className="text-muted">
        {before}
        <Link
          to="/login"
          onClick={() => rememberPath(returnPath)}
          className="font-semibold text-ink underline"
        >
          {t("reviews.signInLink")}
        </Link>
        {after}
      </p>
    );
  }
  if (refusal === "not_a_buyer") return <p className="text-muted">{t("reviews.notBuyer")}</p>;
  return null;
}

function ListControls({
  view,
  changeView,
  t,
}: {
  view: ReviewView;
  changeView: ReturnType<typeof useReviewList>["changeView"];
  t: ReviewTexts;
}) {
  const id = useId();
  return (
    <div className="grid max-w-lg grid-cols-2 gap-3">
      <SelectField
        id={`${id}-sort`}
        label={t("reviews.sort")}
        value={view.sort}
        onChange={(event) => changeView({ sort: event.target.value as ReviewSort })}
      >
        {REVIEW_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {REVIEW_SORT_LABELS[sort]}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-grade`}
        label={t("reviews.grade")}
        value={view.grade ?? ""}
        onChange={(event) => changeView({ grade: (event.target.value || undefined) as Grade | undefined })}
      >
        <option value="">{t("reviews.gradeAny")}</option>
        {GRADES.map((grade) => (
          <option key={grade} value={grade}>
            {gradeName(t, grade)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** Somebody else's review: Helpful and Report, and for the creator a Reply written in place. */
function ReviewItem({ review, ...context }: ListContext & { review: Review }) {
  const { t, isCreator, creatorName, resourceId } = context;
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const closeReply = () => {
    setReplying(false);
    requestAnimationFrame(() => replyButton.current?.focus());
  };
  return (
    <ReviewCard
      review={review}
      creatorName={creatorName}
      t={t}
      reply={
        replying ? (
          <Suspense fallback={<Skeleton className="h-32" />}>
            <ReplyForm
              review={review}
              resourceId={resourceId}
              onCancel={closeReply}
              onDone={(outcome) => {
                closeReply();
                context.notify(t(outcome === "removed" ? "reviews.reply.removed" : "reviews.reply.saved"));
              }}
            />
          </Suspense>
        ) : undefined
      }
      actions={
        <>
          <ReviewActions
            review={review}
            resourceId={resourceId}
            returnPath={context.returnPath}
            t={t}
            onFailure={(text) => context.notify(text, "error")}
            canMarkHelpful={!isCreator}
          />
          {isCreator && !replying ? (
            <Button ref={replyButton} variant="secondary" size="sm" onClick={() => setReplying(true)}>
              {t(review.reply ? "reviews.reply.edit" : "reviews.reply.write")}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
