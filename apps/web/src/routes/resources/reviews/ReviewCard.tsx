import { REVIEW_USE_LABELS, type Review } from "@market/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/Avatar.tsx";
import { isNumberedGrade } from "../../../components/format.ts";
import { Badge, Stars } from "../../../components/ui/index.ts";
import { formatDay } from "../resource-query.ts";
import { wasEdited } from "./review-queries.ts";
import type { ReviewTexts } from "./review-texts.ts";

export function gradeName(t: ReviewTexts, grade: string): string {
  return isNumberedGrade(grade) ? t("reviews.gradeName", { grade }) : grade;
}

/**
 * One review as every reader sees it: its stars, who wrote it (linking to their profile) and when, the
 * classroom it was used in, the text as written (line breaks kept, never read as HTML) and the creator's
 * response. `mark` heads it ("Your review"), `notice` says something about it to its author (hidden by
 * moderators, until when it can be edited), `actions` are the buttons under it and `reply` takes the
 * place of the response while the creator writes one.
 */
export function ReviewCard({
  review,
  creatorName,
  t,
  mark,
  notice,
  actions,
  reply,
}: {
  review: Review;
  creatorName: string;
  t: ReviewTexts;
  mark?: ReactNode;
  notice?: ReactNode;
  actions?: ReactNode;
  reply?: ReactNode;
}) {
  const author = review.author;
  const profile = `/profile/@${encodeURIComponent(author.username)}`;
  return (
    <article className="flex flex-col gap-3" aria-label={t("reviews.by", { name: author.first_name })}>
      {mark}
      <div className="flex items-start gap-3">
        <Avatar locator={author.avatar_locator} name={author.first_name} alt="" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <Link to={profile} className="font-semibold text-ink underline-offset-2 hover:underline">
              {author.first_name}
            </Link>
            <span className="text-muted">
              <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
              {wasEdited(review) ? <> · {t("reviews.edited")}</> : null}
            </span>
          </p>
          <Stars
            value={review.rating}
            size="sm"
            label={t("reviews.rated", { rating: String(review.rating) })}
          />
        </div>
      </div>
      {review.gradeTaught || review.usedFor ? (
        <ul className="flex flex-wrap gap-2">
          {review.gradeTaught ? (
            <li>
              <Badge tone="info">{t("reviews.gradeChip", { grade: gradeName(t, review.gradeTaught) })}</Badge>
            </li>
          ) : null}
          {review.usedFor ? (
            <li>
              <Badge tone="info">{t("reviews.usedChip", { use: REVIEW_USE_LABELS[review.usedFor] })}</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      {review.text ? (
        <p className="max-w-prose leading-relaxed break-words whitespace-pre-wrap">{review.text}</p>
      ) : null}
      {notice}
      {reply ??
        (review.reply ? (
          <div className="ml-2 flex flex-col gap-1 border-l-4 border-line pl-4">
            <p className="text-sm font-semibold">{t("reviews.reply", { name: creatorName })}</p>
            <p className="max-w-prose text-sm leading-relaxed break-words whitespace-pre-wrap">
              {review.reply.text}
            </p>
          </div>
        ) : null)}
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </article>
  );
}
