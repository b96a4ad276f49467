import { REVIEW_LIMITS, type Review, reviewReplyBodySchema } from "@market/domain";
import { useId, useState } from "react";
import { ApiError, api } from "../../../api/client.ts";
import { useDomainForm } from "../../../components/ui/form.ts";
import { Button, FormFailure, TextAreaField } from "../../../components/ui/index.ts";
import { useRefreshAfterReview } from "./review-queries.ts";
import { useReviewTexts } from "./review-texts.ts";

/**
 * The creator's response to a review, written or edited in place: a text with its live count of 1,000,
 * checked by the endpoint's own schema. Saving an empty text (or Remove reply) takes the response back.
 * Loaded on its own, with the schema, only when the creator opens it.
 */
export default function ReplyForm({
  review,
  resourceId,
  onDone,
  onCancel,
}: {
  review: Review;
  resourceId: string;
  onDone: (outcome: "saved" | "removed") => void;
  onCancel: () => void;
}) {
  const t = useReviewTexts();
  const id = useId();
  const refresh = useRefreshAfterReview(resourceId);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState, setError } = useDomainForm(reviewReplyBodySchema, {
    defaultValues: { text: review.reply?.text ?? "" },
  });
  const text = watch("text") ?? "";
  const busy = formState.isSubmitting;

  const send = async (value: string) => {
    setFailure(null);
    try {
      await api.call("POST /reviews/:id/reply", { params: { id: review.id }, body: { text: value } });
      await refresh();
      onDone(value === "" ? "removed" : "saved");
    } catch (error) {
      if (error instanceof ApiError && error.fields?.text) {
        setError("text", { type: "server", message: t("field.invalid") });
        return;
      }
      const told = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setFailure(told ? error.message : t("reviews.reply.failed"));
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-2 border-l-4 border-line pl-4"
      onSubmit={handleSubmit((values) => send(values.text))}
    >
      <TextAreaField
        id={id}
        label={t("reviews.reply.label", { name: review.author.first_name })}
        rows={3}
        count={{ used: text.length, max: REVIEW_LIMITS.replyMax }}
        error={formState.errors.text?.message}
        // Opened by the creator's own press of Reply: the keyboard goes where they will type.
        autoFocus
        {...register("text")}
      />
      <FormFailure>{failure}</FormFailure>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant="primary"
          size="sm"
          busy={busy}
          disabled={!text.trim() && !review.reply}
        >
          {t("reviews.reply.save")}
        </Button>
        {review.reply ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void send("")}>
            {t("reviews.reply.remove")}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" disabled={busy} onClick={onCancel}>
          {t("reviews.form.cancel")}
        </Button>
      </div>
    </form>
  );
}
