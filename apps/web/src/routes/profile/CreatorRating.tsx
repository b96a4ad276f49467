import { formatRating, type RatingSummary } from "@market/domain";
import { RatingBadge, Stars } from "../../components/ui/index.ts";
import { useProfileTexts } from "./profile-texts.ts";

/** The creator's overall rating under the portfolio's title, on every section; nothing without reviews. */
export function CreatorRatingBadge({ rating }: { rating: RatingSummary }) {
  return <RatingBadge rating={rating} className="mt-1" />;
}

/**
 * The creator's overall rating among the About section's figures (issue 21: every shown review of their
 * resources): five stars, the average and the count. Nothing at all without reviews, never zero stars.
 */
export function CreatorRatingFact({ rating }: { rating: RatingSummary }) {
  const t = useProfileTexts();
  if (rating.average === null || rating.count === 0) return null;
  const average = formatRating(rating.average);
  return (
    <div>
      <dt className="text-sm text-muted">{t("profile.rating")}</dt>
      <dd className="flex flex-wrap items-center gap-x-2">
        <Stars value={rating.average} label={t("profile.rating.summary", { average })} />
        <span className="text-xl font-bold" aria-hidden="true">
          {average}
        </span>
        <span className="text-sm text-muted">
          {rating.count === 1
            ? t("profile.rating.oneReview")
            : t("profile.rating.reviews", { count: rating.count.toLocaleString() })}
        </span>
      </dd>
    </div>
  );
}
