import { formatRating, type ReviewSummary as Summary } from "@market/domain";
import { Stars } from "../../../components/ui/index.ts";
import { type ReviewTexts, reviewCount } from "./review-texts.ts";

/**
 * The rating at a glance: the average large (one decimal), its stars, how many reviews, and how many gave
 * 5, 4, 3, 2 and 1 stars as bars. Each bar's row is one sentence to a screen reader ("5 stars: 12 reviews
 * (52%)"); the drawn parts are hidden from it.
 */
export function ReviewSummary({ summary, t }: { summary: Summary; t: ReviewTexts }) {
  if (summary.average === null || summary.count === 0) return null;
  const average = formatRating(summary.average);
  return (
    <div className="flex items-center gap-5 sm:gap-8">
      <div className="flex shrink-0 flex-col items-start gap-1">
        {/* The stars below say the same figure to a screen reader. */}
        <p aria-hidden="true" className="text-5xl leading-none font-bold tabular-nums">
          {average}
        </p>
        <Stars value={summary.average} size="md" label={t("reviews.average", { average })} />
        <p className="text-sm text-muted">{reviewCount(t, summary.count)}</p>
      </div>
      <ul aria-label={t("reviews.distribution")} className="flex w-full max-w-sm flex-col gap-1.5">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0;
          const percent = Math.round((count * 100) / summary.count);
          const row =
            stars === 1
              ? t("reviews.distributionRowOne")
              : t("reviews.distributionRow", { stars: String(stars) });
          return (
            <li key={stars} className="flex items-center gap-3 text-sm">
              <span className="sr-only">
                {t("reviews.distributionBar", {
                  stars: row,
                  reviews: reviewCount(t, count),
                  percent: String(percent),
                })}
              </span>
              <span aria-hidden="true" className="w-14 shrink-0 text-muted">
                {row}
              </span>
              <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-wash">
                <span className="block h-full rounded-full bg-star" style={{ width: `${percent}%` }} />
              </span>
              <span aria-hidden="true" className="w-8 shrink-0 text-right tabular-nums text-muted">
                {count.toLocaleString()}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
