import type { DEFAULT_TEXTS } from "@market/domain";
import { useAreaTexts } from "../../../state/site-config.ts";

/**
 * Copy of a resource's reviews (issue 21): the summary, the list, the review and reply forms, the report
 * dialog and the prompt near the price box. Admins can override any key through the site texts; these are
 * the defaults (the e2e journey uses them). The sort, use and report-reason names are the domain's labels.
 */
export const REVIEW_TEXTS = {
  "reviews.title": "Reviews",
  "reviews.readAll": "Read the reviews",
  "reviews.count.one": "1 review",
  "reviews.count.many": "{count} reviews",
  "reviews.average": "{average} out of 5 stars",
  "reviews.distribution": "How teachers rated it",
  "reviews.distributionRow": "{stars} stars",
  "reviews.distributionRowOne": "1 star",
  "reviews.distributionBar": "{stars}: {reviews} ({percent}%)",
  "reviews.loading": "Loading the reviews",
  "reviews.loadFailed": "We could not load the reviews. Check your connection and try again.",
  "reviews.retry": "Try again",
  "reviews.empty": "No reviews yet",
  "reviews.emptyWrite": "You can write the first one: say how it went in your classroom.",
  "reviews.emptyBuyers": "Teachers who download or buy it can write the first one.",
  "reviews.emptyOwn": "Teachers who download or buy it can review it here.",
  "reviews.noneForGrade": "No reviews from teachers of this grade yet.",
  "reviews.sort": "Sort reviews",
  "reviews.grade": "Grade taught",
  "reviews.gradeAny": "All grades",
  "reviews.listLabel": "Reviews of {title}",
  "reviews.rated": "Rated {rating} out of 5 stars",
  "reviews.by": "Review by {name}",
  "reviews.edited": "Edited",
  "reviews.gradeChip": "Taught {grade}",
  "reviews.usedChip": "Used: {use}",
  "reviews.gradeName": "Grade {grade}",
  "reviews.reply": "Response from {name}",
  "reviews.helpful": "Helpful ({count})",
  "reviews.helpfulFailed": "Could not mark it helpful. Try again.",
  "reviews.helpfulCount": "{count} found this helpful",
  "reviews.report": "Report",
  "reviews.reported": "Reported",
  "reviews.signIn": "Bought or downloaded this? {link} to review it.",
  "reviews.signInLink": "Log in",
  "reviews.notBuyer": "Teachers who downloaded or bought it can review it.",
  "reviews.mine": "Your review",
  "reviews.editUntil": "You can edit it until {date}.",
  "reviews.editClosed": "It can no longer be edited, but you can delete it.",
  "reviews.hidden":
    "Moderators hid this review: other teachers do not see it and it does not count in the rating.",
  "reviews.edit": "Edit",
  "reviews.delete": "Delete",
  "reviews.deleteTitle": "Delete your review?",
  "reviews.deleteBody":
    "Your rating and your text will be removed from this resource. This cannot be undone.",
  "reviews.deleteConfirm": "Delete review",
  "reviews.deleteCancel": "Keep it",
  "reviews.deleted": "Your review was deleted",
  "reviews.deleteFailed": "Could not delete your review. Try again.",
  "reviews.close": "Close",
  "reviews.form.writeTitle": "Write a review",
  "reviews.form.editTitle": "Edit your review",
  "reviews.form.rating": "Your rating",
  "reviews.form.ratingRequired": "Choose from 1 to 5 stars",
  "reviews.form.star1": "1 star — Poor",
  "reviews.form.star2": "2 stars — Fair",
  "reviews.form.star3": "3 stars — Good",
  "reviews.form.star4": "4 stars — Very good",
  "reviews.form.star5": "5 stars — Excellent",
  "reviews.form.text": "Your review",
  "reviews.form.textHint": "What worked, what did not, and for whom.",
  "reviews.form.grade": "Grade you taught it to",
  "reviews.form.gradeNone": "Not saying",
  "reviews.form.use": "How did you use it?",
  "reviews.form.useNone": "Not saying",
  "reviews.form.submit": "Post review",
  "reviews.form.save": "Save changes",
  "reviews.form.saving": "Saving…",
  "reviews.form.cancel": "Cancel",
  "reviews.form.posted": "Thank you! Your review is posted",
  "reviews.form.saved": "Your review is saved",
  "reviews.form.failed": "Could not save your review. Check your connection and try again.",
  "reviews.reply.write": "Reply",
  "reviews.reply.edit": "Edit reply",
  "reviews.reply.label": "Your reply to {name}",
  "reviews.reply.save": "Save reply",
  "reviews.reply.remove": "Remove reply",
  "reviews.reply.saved": "Your reply is saved",
  "reviews.reply.removed": "Your reply was removed",
  "reviews.reply.failed": "Could not save your reply. Try again.",
  "reviews.report.title": "Report this review",
  "reviews.report.reason": "What is wrong with it?",
  "reviews.report.details": "Details for the admins",
  "reviews.report.reasonRequired": "Choose a reason",
  "reviews.report.send": "Send report",
  "reviews.report.sending": "Sending…",
  "reviews.report.thanks": "Thanks — an admin will look at it.",
  "reviews.report.failed": "Could not send your report. Try again.",
  "reviews.prompt.title": "How did it go in your classroom?",
  "reviews.prompt.body": "A few words help other teachers choose.",
  "reviews.prompt.action": "Rate this resource",
  "reviews.prompt.dismiss": "Not now",
} as const satisfies Record<string, string>;

export type ReviewTextKey = keyof typeof REVIEW_TEXTS | keyof typeof DEFAULT_TEXTS;
export type ReviewTexts = (key: ReviewTextKey, values?: Record<string, string>) => string;

/** The site's copy with the reviews' defaults underneath. */
export function useReviewTexts(): ReviewTexts {
  return useAreaTexts<string>(REVIEW_TEXTS);
}

/** "1 review", "23 reviews". */
export function reviewCount(t: ReviewTexts, count: number): string {
  return count === 1 ? t("reviews.count.one") : t("reviews.count.many", { count: count.toLocaleString() });
}
