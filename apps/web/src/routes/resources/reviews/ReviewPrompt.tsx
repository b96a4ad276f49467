import { useState } from "react";
import { Button, Card } from "../../../components/ui/index.ts";
import { dismissPrompt, focusReviewForm, isPromptDismissed } from "./review-prompt.ts";
import { useReviewList } from "./review-queries.ts";
import { useReviewTexts } from "./review-texts.ts";

/**
 * The gentle prompt beside the price box (issue 21): to a viewer who downloaded or bought the resource and
 * has not reviewed it, a calm card that takes them to the review form, its stars focused. Never a modal;
 * "Not now" puts it away for the rest of the visit. It shares the section's request for the reviews.
 */
export default function ReviewPrompt({ resourceId }: { resourceId: string }) {
  const t = useReviewTexts();
  const { query } = useReviewList(resourceId);
  const [dismissed, setDismissed] = useState(() => isPromptDismissed(resourceId));
  if (dismissed || !query.data || query.data.refusal !== null) return null;
  return (
    <Card as="section" aria-labelledby="review-prompt-title" className="mt-4 flex flex-col gap-3">
      <div>
        <h2 id="review-prompt-title" className="font-semibold">
          {t("reviews.prompt.title")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("reviews.prompt.body")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" size="sm" onClick={() => focusReviewForm()}>
          {t("reviews.prompt.action")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            dismissPrompt(resourceId);
            setDismissed(true);
          }}
        >
          {t("reviews.prompt.dismiss")}
        </Button>
      </div>
    </Card>
  );
}
