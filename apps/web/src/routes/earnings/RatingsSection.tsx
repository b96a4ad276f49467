import {
  averageRating,
  formatRating,
  type ResourceRatingRow,
  type ReviewSummary,
  resourceReviewsPath,
} from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { api } from "../../api/client.ts";
import { Button, EmptyState, LinkButton, Skeleton, Stars } from "../../components/ui/index.ts";
import { type EarningsTexts, useEarningsTexts } from "./earnings-texts.ts";

/** Where a resource's reviews are read (and answered): its page, at the reviews. */

const reviewCount = (e: EarningsTexts, count: number) =>
  count === 1
    ? e("earnings.ratings.oneReview")
    : e("earnings.ratings.reviews", { count: count.toLocaleString() });

/**
 * /earnings/ratings (issue 21): each published resource with its average, its count and how the stars
 * fall, linking to its reviews; one call (GET /earnings/self/ratings) for them all.
 */
export function RatingsSection() {
  const e = useEarningsTexts();
  const ratings = useQuery({
    queryKey: ["earnings", "ratings"],
    queryFn: ({ signal }) => api.call("GET /earnings/self/ratings", { signal }),
  });
  if (ratings.isError)
    return (
      <EmptyState
        tone="error"
        title={e("earnings.ratings.loadFailed")}
        action={
          <Button variant="secondary" onClick={() => void ratings.refetch()}>
            {e("earnings.retry")}
          </Button>
        }
      />
    );
  if (!ratings.data)
    return (
      <div className="flex flex-col gap-2" role="status" aria-label={e("earnings.ratings.loading")}>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  const { resources } = ratings.data;
  if (resources.length === 0)
    return (
      <EmptyState
        title={e("earnings.ratings.emptyTitle")}
        body={e("earnings.ratings.empty")}
        action={<LinkButton to="/publishing">{e("earnings.emptyAction")}</LinkButton>}
      />
    );
  return (
    <section aria-labelledby="earnings-ratings" className="flex flex-col gap-4">
      <div>
        <h2 id="earnings-ratings" className="text-lg font-semibold">
          {e("earnings.ratings.title")}
        </h2>
        <Overall resources={resources} e={e} />
      </div>
      {/* Two columns on a wide screen: a creator with many resources scrolls half as far. */}
      <ul className="grid gap-3 lg:grid-cols-2" aria-label={e("earnings.ratings.title")}>
        {resources.map((resource) => (
          <li
            key={resource.id}
            className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-ui border border-line p-4"
          >
            <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
              <Link
                to={resourceReviewsPath(resource.name)}
                className="font-semibold underline-offset-4 hover:underline"
              >
                {resource.title}
              </Link>
              {resource.rating.average === null ? (
                <p className="text-sm text-muted">{e("earnings.ratings.none")}</p>
              ) : (
                <p className="flex items-center gap-2 text-sm">
                  <Stars value={resource.rating.average} size="sm" />
                  <span className="font-semibold" aria-hidden="true">
                    {formatRating(resource.rating.average)}
                  </span>
                  <span className="text-muted">{reviewCount(e, resource.rating.count)}</span>
                </p>
              )}
            </div>
            {resource.rating.count > 0 ? (
              <Distribution rating={resource.rating} title={resource.title} e={e} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every shown review of every resource together: the creator's overall rating, as their profile shows it. */
function Overall({ resources, e }: { resources: readonly ResourceRatingRow[]; e: EarningsTexts }) {
  let count = 0;
  let sum = 0;
  for (const { rating } of resources)
    rating.distribution.forEach((n, i) => {
      count += n;
      sum += n * (i + 1);
    });
  const average = averageRating(count, sum);
  return (
    <p className="text-sm text-muted">
      {average === null
        ? e("earnings.ratings.noneYet")
        : e("earnings.ratings.overall", { average: formatRating(average), reviews: reviewCount(e, count) })}
    </p>
  );
}

/** How a resource's stars fall, 5 down to 1, as short bars with their counts (a list a reader can read). */
function Distribution({ rating, title, e }: { rating: ReviewSummary; title: string; e: EarningsTexts }) {
  // Each bar is its share of all the reviews, as on the resource's own page, so the two read alike.
  const total = Math.max(1, rating.count);
  return (
    <ul
      className="flex w-full flex-col text-xs leading-4 sm:w-48"
      aria-label={e("earnings.ratings.spread", { title })}
    >
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = rating.distribution[stars - 1] ?? 0;
        return (
          <li key={stars} className="flex items-center gap-2">
            <span className="w-12 shrink-0 text-muted">
              {stars === 1
                ? e("earnings.ratings.oneStar")
                : e("earnings.ratings.stars", { stars: String(stars) })}
            </span>
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-wash">
              <span
                className="block h-full rounded-full bg-star"
                style={{ width: `${Math.round((n * 100) / total)}%` }}
              />
            </span>
            <span className="w-8 shrink-0 text-right tabular-nums">{n.toLocaleString()}</span>
          </li>
        );
      })}
    </ul>
  );
}
