import { formatRating, type RatingSummary } from "@market/domain";
import { useId } from "react";

const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z";

const SIZES = { sm: "h-3.5 w-3.5", md: "h-5 w-5", lg: "h-7 w-7" } as const;
export type StarSize = keyof typeof SIZES;

/** One star filled to `fill` (0 to 1) from the left: a partly filled last star shows 4.3 as 4 and a third. */
function Star({ fill, size }: { fill: number; size: StarSize }) {
  const clip = useId();
  return (
    <svg viewBox="0 0 20 20" className={`${SIZES[size]} shrink-0`} aria-hidden="true" focusable="false">
      <path d={STAR_PATH} className="fill-star-empty" />
      {fill > 0 && (
        <>
          <clipPath id={clip}>
            <rect x="0" y="0" width={20 * Math.min(1, fill)} height="20" />
          </clipPath>
          <path d={STAR_PATH} className="fill-star" clipPath={`url(#${clip})`} />
        </>
      )}
    </svg>
  );
}

/**
 * Five stars showing `value` (0 to 5), read out as "4.3 out of 5 stars". Display only; the review form's
 * input is StarInput.
 */
export function Stars({ value, size = "md", label }: { value: number; size?: StarSize; label?: string }) {
  return (
    <span
      role="img"
      aria-label={label ?? `${formatRating(value)} out of 5 stars`}
      className="inline-flex gap-0.5"
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} fill={Math.max(0, Math.min(1, value - i))} size={size} />
      ))}
    </span>
  );
}

/**
 * A resource's or creator's rating in a line: one star, the average and the count ("★ 4.6 (23)"), or
 * nothing at all without reviews (never zero stars).
 */
export function RatingBadge({ rating, className = "" }: { rating: RatingSummary; className?: string }) {
  if (rating.average === null || rating.count === 0) return null;
  const reviews = `${rating.count.toLocaleString()} ${rating.count === 1 ? "review" : "reviews"}`;
  return (
    <span
      role="img"
      className={`inline-flex items-center gap-1 text-sm ${className}`}
      aria-label={`Rated ${formatRating(rating.average)} out of 5, ${reviews}`}
    >
      <Star fill={1} size="sm" />
      <span className="font-semibold text-ink" aria-hidden="true">
        {formatRating(rating.average)}
      </span>
      <span className="text-muted" aria-hidden="true">
        ({rating.count.toLocaleString()})
      </span>
    </span>
  );
}
