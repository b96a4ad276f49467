import {
  REVIEW_LIMITS,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_REASONS,
  reviewReportBodySchema,
} from "@market/domain";
import { useId, useState } from "react";
import { ApiError, api } from "../../../api/client.ts";
import { useDomainForm } from "../../../components/ui/form.ts";
import { Button, FormFailure, TextAreaField } from "../../../components/ui/index.ts";
import { useReviewTexts } from "./review-texts.ts";

/**
 * Why a reader reports a review: one of the domain's reasons (required) and, if they like, a few words for
 * the admins, checked by the endpoint's own schema. Loaded with the dialog that holds it.
 */
export default function ReportForm({
  reviewId,
  onSent,
  onCancel,
}: {
  reviewId: string;
  onSent: () => void;
  onCancel: () => void;
}) {
  const t = useReviewTexts();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState } = useDomainForm(reviewReportBodySchema, {
    defaultValues: { details: "" },
  });
  const details = watch("details") ?? "";
  const busy = formState.isSubmitting;
  const reasonError = formState.errors.reason ? t("reviews.report.reasonRequired") : null;

  const send = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api.call("POST /reviews/:id/report", {
        params: { id: reviewId },
        body: { reason: values.reason, ...(values.details ? { details: values.details } : {}) },
      });
      onSent();
    } catch (error) {
      const told = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setFailure(told ? error.message : t("reviews.report.failed"));
    }
  });

  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-4">
      <fieldset
        className="flex flex-col gap-1"
        aria-describedby={reasonError ? `${id}-reason-error` : undefined}
      >
        <legend className="mb-1 font-medium">{t("reviews.report.reason")}</legend>
        {REVIEW_REPORT_REASONS.map((reason) => (
          <label
            key={reason}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-ui px-2 hover:bg-wash"
          >
            <input
              type="radio"
              value={reason}
              className="size-4 shrink-0 accent-accent"
              aria-invalid={reasonError ? true : undefined}
              {...register("reason")}
            />
            {REVIEW_REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        {reasonError ? (
          <p id={`${id}-reason-error`} className="text-sm font-medium text-danger">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        id={`${id}-details`}
        label={t("reviews.report.details")}
        optional
        rows={3}
        count={{ used: details.length, max: REVIEW_LIMITS.reportDetailsMax }}
        error={formState.errors.details?.message}
        {...register("details")}
      />
      <FormFailure>{failure}</FormFailure>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" busy={busy}>
          {busy ? t("reviews.report.sending") : t("reviews.report.send")}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("reviews.form.cancel")}
        </Button>
      </div>
    </form>
  );
}
