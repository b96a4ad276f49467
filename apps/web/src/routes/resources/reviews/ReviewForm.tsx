import {
  GRADES,
  REVIEW_LIMITS,
  REVIEW_USE_LABELS,
  REVIEW_USES,
  type Review,
  reviewCreateSchema,
  reviewPatchSchema,
} from "@market/domain";
import { useId, useState } from "react";
import { Controller, type FieldPath, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ApiError, api } from "../../../api/client.ts";
import { useDomainForm } from "../../../components/ui/form.ts";
import { Button, FormFailure, SelectField, StarInput, TextAreaField } from "../../../components/ui/index.ts";
import { gradeName } from "./ReviewCard.tsx";
import { REVIEW_FORM_ID } from "./review-prompt.ts";
import { useRefreshAfterReview } from "./review-queries.ts";
import { type ReviewTexts, useReviewTexts } from "./review-texts.ts";

/**
 * The form's values as an edit names them: a new review's schema asks the same fields with the rating
 * required, so either schema checks this one form.
 */
type Values = z.input<typeof reviewPatchSchema>;
type Output = z.output<typeof reviewPatchSchema>;
type Form = UseFormReturn<Values, unknown, Output>;

/** "" is the select's "Not saying": null, which clears a detail on an edit and is left out of nothing. */
const orNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/** A refusal the server names on a field goes on that field, in the site's words. */
function showFieldErrors(form: Form, error: unknown, t: ReviewTexts): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const known: FieldPath<Values>[] = ["rating", "text", "gradeTaught", "usedFor"];
  let shown = false;
  for (const field of known) {
    if (error.fields[field] === undefined) continue;
    form.setError(field, { type: "server", message: t("field.invalid") });
    shown = true;
  }
  return shown;
}

/**
 * Write a review, or edit one's own (`review`): a rating (required) by StarInput, a text with its live count
 * of 2,000, and the classroom it was used in, both optional. Checked by the endpoint's own schema (create:
 * reviewCreateSchema; edit: reviewPatchSchema, which the same fields satisfy). Loaded on its own, with the
 * schemas, only for a viewer who may write one. After saving, the summary, the lists and the resource's
 * rating everywhere are asked again.
 */
export default function ReviewForm({
  resourceId,
  review,
  onDone,
  onCancel,
}: {
  resourceId: string;
  /** The viewer's own review to edit; none to write a new one. */
  review?: Review;
  onDone: (outcome: "posted" | "saved") => void;
  onCancel?: () => void;
}) {
  const t = useReviewTexts();
  const id = useId();
  const refresh = useRefreshAfterReview(resourceId);
  const [failure, setFailure] = useState<string | null>(null);
  const schema: z.ZodType<Output, Values> = review ? reviewPatchSchema : reviewCreateSchema;
  const form: Form = useDomainForm(schema, {
    defaultValues: {
      rating: review?.rating,
      text: review?.text ?? "",
      gradeTaught: review?.gradeTaught ?? null,
      usedFor: review?.usedFor ?? null,
    },
  });
  const { register, handleSubmit, control, formState, watch } = form;
  const text = watch("text") ?? "";
  const busy = formState.isSubmitting;
  const starLabels = [
    t("reviews.form.star1"),
    t("reviews.form.star2"),
    t("reviews.form.star3"),
    t("reviews.form.star4"),
    t("reviews.form.star5"),
  ] as const;

  const save = handleSubmit(async (values) => {
    setFailure(null);
    // An edit must name a rating too (the patch schema lets it be left out): the stars are never empty here.
    if (values.rating === undefined) return;
    const body = {
      rating: values.rating,
      text: values.text ?? "",
      gradeTaught: values.gradeTaught ?? null,
      usedFor: values.usedFor ?? null,
    };
    try {
      if (review) await api.call("PATCH /reviews/:id", { params: { id: review.id }, body });
      else await api.call("POST /resources/:id/reviews", { params: { id: resourceId }, body });
      await refresh();
      onDone(review ? "saved" : "posted");
    } catch (error) {
      if (showFieldErrors(form, error, t)) return;
      const told = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setFailure(told ? error.message : t("reviews.form.failed"));
      // Written meanwhile in another tab: the lists now show it as the viewer's own.
      if (error instanceof ApiError && error.code === "already_reviewed") void refresh();
    }
  });

  return (
    <form id={REVIEW_FORM_ID} noValidate onSubmit={save} className="flex scroll-mt-24 flex-col gap-4">
      <h3 className="text-lg font-semibold">
        {t(review ? "reviews.form.editTitle" : "reviews.form.writeTitle")}
      </h3>
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarInput
            ref={field.ref}
            id={`${id}-rating`}
            name={field.name}
            legend={t("reviews.form.rating")}
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            optionLabels={starLabels}
            error={fieldState.error ? t("reviews.form.ratingRequired") : undefined}
            disabled={busy}
          />
        )}
      />
      <TextAreaField
        id={`${id}-text`}
        label={t("reviews.form.text")}
        hint={t("reviews.form.textHint")}
        optional
        rows={5}
        count={{ used: text.length, max: REVIEW_LIMITS.textMax }}
        error={formState.errors.text?.message}
        {...register("text")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={`${id}-grade`}
          label={t("reviews.form.grade")}
          optional
          error={formState.errors.gradeTaught?.message}
          {...register("gradeTaught", { setValueAs: orNull })}
        >
          <option value="">{t("reviews.form.gradeNone")}</option>
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {gradeName(t, grade)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-use`}
          label={t("reviews.form.use")}
          optional
          error={formState.errors.usedFor?.message}
          {...register("usedFor", { setValueAs: orNull })}
        >
          <option value="">{t("reviews.form.useNone")}</option>
          {REVIEW_USES.map((use) => (
            <option key={use} value={use}>
              {REVIEW_USE_LABELS[use]}
            </option>
          ))}
        </SelectField>
      </div>
      <FormFailure>{failure}</FormFailure>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" busy={busy}>
          {busy ? t("reviews.form.saving") : t(review ? "reviews.form.save" : "reviews.form.submit")}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t("reviews.form.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
