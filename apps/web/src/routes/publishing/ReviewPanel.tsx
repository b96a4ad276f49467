import { curatorScoreSchema, type PublishingResource, rejectRequestSchema } from "@market/domain";
import { z } from "@market/domain/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError, api } from "../../api/client.ts";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, Field, Input, TextAreaField } from "../../components/ui/index.ts";
import { PUBLISHING_KEY } from "./PublishingPage.tsx";
import type { PublishingTexts } from "./publishing-texts.ts";

/** The score box as typed: empty clears the score, anything else must be what the score call accepts. */
const scoreFormSchema = z
  .object({ curator_score: z.string() })
  .transform(({ curator_score }) => ({
    curator_score: curator_score.trim() === "" ? null : Number(curator_score),
  }))
  .pipe(curatorScoreSchema);

const REASON_MAX = rejectRequestSchema.shape.reason.maxLength ?? undefined;

/**
 * An admin's decision on a submitted resource (spec 4: review): approve, reject with a reason the creator
 * receives by e-mail, skip (it leaves the queue), and the curator_score. The reason and the score are
 * checked with the schemas of their calls.
 */
export function ReviewPanel({
  resource,
  t,
  onDone,
}: {
  resource: PublishingResource;
  t: PublishingTexts;
  onDone: () => unknown;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const rejection = useDomainForm(rejectRequestSchema, { mode: "onSubmit", defaultValues: { reason: "" } });
  const scoring = useDomainForm(scoreFormSchema, {
    mode: "onSubmit",
    defaultValues: { curator_score: resource.curator_score === null ? "" : String(resource.curator_score) },
  });
  const [outcome, setOutcome] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // One decision at a time, whichever button or form started it.
  const [busy, setBusy] = useState(false);
  const params = { id: resource.id };
  const awaiting = resource.approval_status === "awaiting_approval";

  /** Runs a decision; a refusal of a field of `onFields` goes beside that field, any other failure below. */
  const run = async (
    request: () => Promise<unknown>,
    done: string,
    onFields?: (fields: Record<string, string>) => boolean,
  ) => {
    setBusy(true);
    setFailed(null);
    try {
      await request();
      setOutcome(done);
      void queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY });
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields && onFields?.(error.fields)) return;
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const reject = rejection.handleSubmit(({ reason }) =>
    run(
      () => api.call("POST /admin/resources/:id/reject", { params, body: { reason } }),
      t("review.done.rejected"),
      (fields) => {
        if (!fields.reason) return false;
        rejection.setError(
          "reason",
          { type: "server", message: t("problem.unknown") },
          { shouldFocus: true },
        );
        return true;
      },
    ),
  );
  const saveScore = scoring.handleSubmit((body) =>
    run(
      () => api.call("PATCH /admin/resources/:id/curator-score", { params, body }),
      t("review.saveScore"),
      (fields) => {
        if (!fields.curator_score) return false;
        scoring.setError(
          "curator_score",
          { type: "server", message: t("problem.unknown") },
          { shouldFocus: true },
        );
        return true;
      },
    ),
  );
  const reason = rejection.watch("reason");
  const scoreError = scoring.formState.errors.curator_score?.message;

  return (
    <div className="flex max-w-2xl flex-col gap-5">
      {outcome ? (
        <p role="status" className="rounded-ui bg-wash p-3 font-medium">
          {outcome}
        </p>
      ) : null}
      {!awaiting && !outcome ? <p>{t("review.notAwaiting")}</p> : null}
      {awaiting ? (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="primary"
            disabled={busy}
            onClick={() =>
              void run(
                () => api.call("POST /admin/resources/:id/approve", { params }),
                t("review.done.approved"),
              )
            }
          >
            {t("review.approve")}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void run(() => api.call("POST /admin/resources/:id/skip", { params }), t("review.done.skipped"))
            }
          >
            {t("review.skip")}
          </Button>
        </div>
      ) : null}
      {awaiting ? (
        <form onSubmit={(e) => void reject(e)} noValidate className="flex flex-col gap-2">
          <TextAreaField
            id={`${id}-reason`}
            label={t("review.reason")}
            rows={3}
            maxLength={REASON_MAX}
            error={rejection.formState.errors.reason?.message}
            {...rejection.register("reason")}
          />
          <Button variant="secondary" className="self-start" type="submit" disabled={busy || !reason.trim()}>
            {t("review.reject")}
          </Button>
        </form>
      ) : null}
      <form onSubmit={(e) => void saveScore(e)} noValidate className="flex flex-col gap-1">
        <div className="flex items-end gap-2">
          <Field id={`${id}-score`} label={t("review.score")}>
            {(bindings) => (
              <Input
                {...bindings}
                className="max-w-24"
                inputMode="numeric"
                aria-invalid={scoreError ? true : undefined}
                aria-describedby={scoreError ? `${id}-score-error` : undefined}
                {...scoring.register("curator_score")}
              />
            )}
          </Field>
          <Button variant="secondary" type="submit" disabled={busy}>
            {t("review.saveScore")}
          </Button>
        </div>
        {scoreError ? (
          <p id={`${id}-score-error`} className="text-sm font-medium text-danger">
            {scoreError}
          </p>
        ) : null}
      </form>
      {failed ? (
        <p role="alert" className="font-medium text-danger">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
