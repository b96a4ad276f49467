import type { Review } from "@market/domain";
import { Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../../api/client.ts";
import { Button, Dialog, Spinner } from "../../../components/ui/index.ts";
import { rememberPath, useSession } from "../../../state/session.ts";
import { ReportForm } from "./lazy-forms.ts";
import { usePatchCachedReview } from "./review-queries.ts";
import type { ReviewTexts } from "./review-texts.ts";

/**
 * A reader's two answers to somebody else's review: Helpful (once; pressed from then on) and Report (a
 * dialog with the reasons, then thanks). A visitor who presses either logs in first and comes back here.
 */
export function ReviewActions({
  review,
  resourceId,
  returnPath,
  t,
  onFailure,
  canMarkHelpful = true,
}: {
  review: Review;
  /** False for the resource's creator, who sees how many found it helpful but may not add to it. */
  canMarkHelpful?: boolean;
  resourceId: string;
  /** Where a visitor comes back to after logging in. */
  returnPath: string;
  t: ReviewTexts;
  onFailure: (text: string) => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const patch = usePatchCachedReview(resourceId);
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);

  const signInFirst = () => {
    if (session) return false;
    rememberPath(returnPath);
    navigate("/login");
    return true;
  };

  const markHelpful = async () => {
    if (signInFirst() || busy || review.helpfulByMe) return;
    setBusy(true);
    try {
      const answer = await api.call("POST /reviews/:id/helpful", { params: { id: review.id } });
      await patch(review.id, { helpfulCount: answer.helpfulCount, helpfulByMe: true });
    } catch {
      onFailure(t("reviews.helpfulFailed"));
    } finally {
      setBusy(false);
    }
  };

  const closeReport = () => {
    setReporting(false);
    // The review says "Reported" once the dialog is closed, so the thanks stays readable until then.
    if (reported) void patch(review.id, { reportedByMe: true });
  };

  return (
    <>
      {!canMarkHelpful ? (
        review.helpfulCount > 0 && (
          <span className="text-sm text-muted">
            {t("reviews.helpfulCount", { count: review.helpfulCount.toLocaleString() })}
          </span>
        )
      ) : (
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={review.helpfulByMe}
          aria-disabled={review.helpfulByMe || undefined}
          busy={busy}
          onClick={() => void markHelpful()}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
            <path
              d="M6 9l3-6c1.2 0 2 .9 2 2v3h4.5a1.5 1.5 0 0 1 1.5 1.7l-1 6A1.5 1.5 0 0 1 14.5 17H6M6 9H3v8h3M6 9v8"
              strokeWidth="1.5"
              strokeLinejoin="round"
              className={review.helpfulByMe ? "fill-current" : ""}
            />
          </svg>
          {t("reviews.helpful", { count: review.helpfulCount.toLocaleString() })}
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        disabled={review.reportedByMe}
        onClick={() => {
          if (!signInFirst()) setReporting(true);
        }}
      >
        {t(review.reportedByMe ? "reviews.reported" : "reviews.report")}
      </Button>
      <Dialog
        open={reporting}
        onClose={closeReport}
        title={t("reviews.report.title")}
        closeLabel={t("reviews.close")}
      >
        {reported ? (
          <div className="flex flex-col items-start gap-4">
            <p role="status">{t("reviews.report.thanks")}</p>
            <Button variant="primary" onClick={closeReport}>
              {t("reviews.close")}
            </Button>
          </div>
        ) : reporting ? (
          <Suspense fallback={<Spinner />}>
            <ReportForm reviewId={review.id} onSent={() => setReported(true)} onCancel={closeReport} />
          </Suspense>
        ) : null}
      </Dialog>
    </>
  );
}
