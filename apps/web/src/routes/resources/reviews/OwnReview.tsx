import type { Review } from "@market/domain";
import { Suspense, useRef, useState } from "react";
import { api } from "../../../api/client.ts";
import { Badge, Button, Dialog, Skeleton } from "../../../components/ui/index.ts";
import { formatDay } from "../resource-query.ts";
import { ReviewForm } from "./lazy-forms.ts";
import { ReviewCard } from "./ReviewCard.tsx";
import { isEditable, useRefreshAfterReview } from "./review-queries.ts";
import type { ReviewTexts } from "./review-texts.ts";

/**
 * The viewer's own review, first and marked "Your review": Edit while the author may still edit it (and
 * until when), Delete at any time after one confirmation, and a word when moderators hid it.
 */
export function OwnReview({
  review,
  resourceId,
  creatorName,
  t,
  onNotice,
}: {
  review: Review;
  resourceId: string;
  creatorName: string;
  t: ReviewTexts;
  onNotice: (text: string, tone?: "success" | "error") => void;
}) {
  const refresh = useRefreshAfterReview(resourceId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const editable = isEditable(review);

  if (editing)
    return (
      <div className="rounded-card border border-line p-4 sm:p-5">
        <Suspense fallback={<Skeleton className="h-64" />}>
          <ReviewForm
            resourceId={resourceId}
            review={review}
            onDone={() => {
              setEditing(false);
              onNotice(t("reviews.form.saved"));
            }}
            onCancel={() => {
              setEditing(false);
              requestAnimationFrame(() => editButton.current?.focus());
            }}
          />
        </Suspense>
      </div>
    );

  const remove = async () => {
    setDeleting(true);
    try {
      await api.call("DELETE /reviews/:id", { params: { id: review.id } });
      setConfirming(false);
      onNotice(t("reviews.deleted"));
      await refresh();
    } catch {
      onNotice(t("reviews.deleteFailed"), "error");
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="rounded-card border border-line bg-wash/50 p-4 sm:p-5">
      <ReviewCard
        review={review}
        creatorName={creatorName}
        t={t}
        mark={
          <div>
            <Badge tone="success">{t("reviews.mine")}</Badge>
          </div>
        }
        notice={
          review.isHidden ? (
            <p className="rounded-ui bg-message px-3 py-2 text-sm text-message-text">{t("reviews.hidden")}</p>
          ) : (
            <p className="text-sm text-muted">
              {editable
                ? t("reviews.editUntil", { date: formatDay(review.editableUntil) })
                : t("reviews.editClosed")}
            </p>
          )
        }
        actions={
          <>
            {editable ? (
              <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
                {t("reviews.edit")}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              {t("reviews.delete")}
            </Button>
          </>
        }
      />
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("reviews.deleteTitle")}
        closeLabel={t("reviews.close")}
      >
        <p>{t("reviews.deleteBody")}</p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button variant="danger" busy={deleting} onClick={() => void remove()}>
            {t("reviews.deleteConfirm")}
          </Button>
          <Button variant="secondary" disabled={deleting} onClick={() => setConfirming(false)}>
            {t("reviews.deleteCancel")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
