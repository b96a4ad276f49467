import {
  BULK_EMAIL_LIMITS,
  type BulkEmailRequest,
  type BulkEmailState,
  bulkEmailRequestSchema,
} from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError, api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { RichText } from "../../components/RichText.tsx";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, Dialog, TextAreaField, TextField } from "../../components/ui/index.ts";
import { useHoldIdleRedirect } from "../../state/idle.ts";
import { type TextLookup, useTexts } from "../../state/site-config.ts";
import { type BulkEmailTexts, useBulkEmailTexts } from "./bulk-email-texts.ts";

const stateKey = ["admin", "bulk-email"] as const;

/**
 * /admin/email-all: compose a message (subject and safe rich text), preview it as the mail will read, send
 * it to every active user (POST /api/users/bulk-email), and watch the durable send's progress
 * (GET /api/users/bulk-email, polled every second while it runs).
 */
export default function EmailAllPage() {
  const t = useBulkEmailTexts();
  // An admin writing to every user, or watching the send, is never sent away while idle.
  useHoldIdleRedirect();
  const state = useQuery({
    queryKey: stateKey,
    queryFn: ({ signal }) => api.call("GET /users/bulk-email", { signal }),
    refetchInterval: (query) => {
      const send = query.state.data?.bulkSend;
      return send && !send.finishedAt ? 1000 : false;
    },
  });
  const running = Boolean(state.data?.bulkSend && !state.data.bulkSend.finishedAt);
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("emailAll.title")}</h1>
        <p className="text-muted">{t("emailAll.intro")}</p>
      </header>
      {state.isError && !state.data ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>{t("emailAll.loadError")}</p>
          <Button variant="secondary" onClick={() => void state.refetch()}>
            {t("emailAll.retry")}
          </Button>
        </div>
      ) : !state.data ? (
        <p role="status">…</p>
      ) : (
        <>
          {state.data.bulkSend ? <Progress state={state.data} t={t} /> : null}
          {running ? <p>{t("emailAll.busy")}</p> : <Compose state={state.data} t={t} />}
        </>
      )}
    </section>
  );
}

function Progress({ state, t }: { state: BulkEmailState; t: BulkEmailTexts }) {
  const { bulkSend, progress } = state;
  if (!bulkSend) return null;
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    <section
      aria-labelledby="bulk-progress"
      className="flex flex-col gap-2 rounded-ui border border-line p-4"
    >
      <h2 id="bulk-progress" className="text-xl font-semibold">
        {t("emailAll.progressTitle")}
      </h2>
      <p>
        {bulkSend.finishedAt
          ? t("emailAll.finished", { subject: bulkSend.subject, date: formatIsoDate(bulkSend.finishedAt) })
          : t("emailAll.running", { subject: bulkSend.subject })}
      </p>
      <div
        role="progressbar"
        aria-label={t("emailAll.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}%`}
        className="h-4 w-full overflow-hidden rounded-full bg-wash"
      >
        <div
          className="h-full bg-accent transition-[width] motion-reduce:transition-none"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
      <p aria-live="polite">
        {t("emailAll.progress", {
          sent: n(progress.emailsSent),
          total: n(progress.totalActiveUsers),
          percent: String(progress.percent),
          remaining: n(progress.totalUsersRemaining),
        })}
      </p>
      {progress.unconfirmed > 0 ? (
        <p className="text-sm text-muted">{t("emailAll.unconfirmed", { count: n(progress.unconfirmed) })}</p>
      ) : null}
      {progress.failed > 0 ? (
        <p className="text-sm text-muted">{t("emailAll.failed", { count: n(progress.failed) })}</p>
      ) : null}
    </section>
  );
}

/** A refusal the server named by field (zod's code) in the form's words; the client's own check came first. */
function serverProblem(t: TextLookup, code: string, text: string, max: number): string {
  if (code === "too_small") return t("field.required");
  if (code === "too_big") return t("field.tooLong", { used: String(text.length), max: String(max) });
  return t("field.invalid");
}

const LIMIT: Record<keyof BulkEmailRequest, number> = {
  subject: BULK_EMAIL_LIMITS.subjectMax,
  body: BULK_EMAIL_LIMITS.bodyMax,
};

function Compose({ state, t }: { state: BulkEmailState; t: BulkEmailTexts }) {
  const id = useId();
  const texts = useTexts();
  const queryClient = useQueryClient();
  const { register, handleSubmit, watch, getValues, reset, setError, formState } = useDomainForm(
    bulkEmailRequestSchema,
    { defaultValues: { subject: "", body: "" } },
  );
  const { errors } = formState;
  const [previewing, setPreviewing] = useState(false);
  /** The message the admin asked to send, waiting for the confirmation dialog's answer. */
  const [confirming, setConfirming] = useState<BulkEmailRequest | null>(null);
  const reach = state.audience;
  const send = useMutation({
    mutationFn: (input: BulkEmailRequest) => api.call("POST /users/bulk-email", { body: input }),
    onSuccess: (next) => {
      setConfirming(null);
      queryClient.setQueryData(stateKey, next);
      reset({ subject: "", body: "" });
      setPreviewing(false);
    },
    onError: (error) => {
      setConfirming(null);
      if (error instanceof ApiError && error.fields) {
        for (const [field, code] of Object.entries(error.fields)) {
          if (field !== "subject" && field !== "body") continue;
          setError(field, { message: serverProblem(texts, code, getValues(field), LIMIT[field]) });
        }
        // Back to the boxes, where the refusal shows beside its field.
        setPreviewing(false);
      }
      void queryClient.invalidateQueries({ queryKey: stateKey });
    },
  });
  const subject = watch("subject") ?? "";
  const body = watch("body") ?? "";

  if (previewing) {
    return (
      <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-4">
        <h2 id={`${id}-preview`} className="text-xl font-semibold">
          {t("emailAll.previewTitle")}
        </h2>
        <article className="flex flex-col gap-3 rounded-ui border border-line p-4">
          <p className="font-semibold">{subject.trim()}</p>
          <RichText text={body.trim()} />
          <hr className="border-line" />
          <p className="text-xs text-muted">{t("emailAll.previewFooter")}</p>
        </article>
        {send.error && !(send.error instanceof ApiError && send.error.fields) ? (
          <p role="alert" className="text-danger">
            {send.error.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setPreviewing(false)}>
            {t("emailAll.edit")}
          </Button>
          <Button
            variant="primary"
            disabled={send.isPending}
            onClick={() => void handleSubmit((values) => setConfirming(values))()}
          >
            {send.isPending
              ? t("emailAll.sending")
              : t("emailAll.send", { active: String(reach?.totalActiveUsers ?? "all") })}
          </Button>
        </div>
        <Dialog
          open={confirming !== null}
          onClose={() => setConfirming(null)}
          title={t("emailAll.confirmTitle")}
          closeLabel={t("emailAll.confirmClose")}
        >
          <p>
            {t("emailAll.confirm", {
              subject: confirming?.subject ?? "",
              active: String(reach?.totalActiveUsers ?? 0),
            })}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t("emailAll.confirmNo")}
            </Button>
            <Button
              variant="primary"
              busy={send.isPending}
              onClick={() => {
                if (confirming) send.mutate(confirming);
              }}
            >
              {t("emailAll.confirmYes")}
            </Button>
          </div>
        </Dialog>
      </section>
    );
  }

  return (
    <form
      className="flex max-w-2xl flex-col gap-4"
      noValidate
      onSubmit={handleSubmit(() => setPreviewing(true))}
    >
      {reach ? (
        <p>
          {t("emailAll.reach", { active: String(reach.totalActiveUsers), total: String(reach.totalUsers) })}
        </p>
      ) : null}
      <TextField
        id={`${id}-subject`}
        label={t("emailAll.subject")}
        maxLength={BULK_EMAIL_LIMITS.subjectMax}
        count={{ used: subject.length, max: BULK_EMAIL_LIMITS.subjectMax }}
        error={errors.subject?.message}
        {...register("subject")}
      />
      <TextAreaField
        id={`${id}-body`}
        label={t("emailAll.body")}
        hint={t("emailAll.bodyHint")}
        rows={10}
        maxLength={BULK_EMAIL_LIMITS.bodyMax}
        count={{ used: body.length, max: BULK_EMAIL_LIMITS.bodyMax }}
        error={errors.body?.message}
        {...register("body")}
      />
      <Button variant="primary" className="self-start" type="submit">
        {t("emailAll.preview")}
      </Button>
    </form>
  );
}
