import {
  CONVERSATION_LIMITS,
  type SupportThread,
  type SupportThreadSummary,
  supportThreadCreateSchema,
} from "@market/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { ApiError, api, type ResponseOf } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Toast, useTimedNotice } from "../../components/Toast.tsx";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, TextAreaField, TextField } from "../../components/ui/index.ts";
import { raiseFooterFlag } from "../../state/footer-flags.ts";
import { pageFromSearch } from "../catalogue/filters.ts";
import { type ConversationTexts, useConversationTexts } from "./conversation-texts.ts";
import { ListEmpty, ListFailure, ListLoading } from "./list-states.tsx";
import { failureText, ReplyForm, ThreadMessages } from "./ThreadView.tsx";

export const SUPPORT_KEY = ["support"] as const;
type ThreadWrite = ResponseOf<"POST /support/threads">;
type SupportThreadCreate = z.output<typeof supportThreadCreateSchema>;

/**
 * /support (spec 2): the signed-in user's questions to support, one opened with ?thread={id} (the link in
 * support's answer mail), a form for a new question and replies. The server answers only the user's own.
 */
export default function SupportPage() {
  const t = useConversationTexts();
  const [search, setSearch] = useSearchParams();
  const threadId = search.get("thread");
  const [notice, show] = useTimedNotice();

  const opened = (thread: SupportThread) => setSearch({ thread: thread.id });
  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey="support" />
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("support.title")}</h1>
        <p className="mt-2 text-muted">{t("support.intro")}</p>
      </div>
      {threadId ? (
        <ThreadScreen id={threadId} t={t} show={show} onBack={() => setSearch({})} />
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          <NewThreadForm t={t} show={show} onOpened={opened} />
          <ThreadList t={t} page={pageFromSearch(search)} />
        </div>
      )}
      <Toast notice={notice} />
    </section>
  );
}

function useSentNotice(show: (text: string, tone?: "success" | "error") => void) {
  const queryClient = useQueryClient();
  return (answer: ThreadWrite, text: string) => {
    // Stored but not mailed: the footer's e-mail error says so (spec 4); the thread itself is safe.
    if (!answer.mailed) raiseFooterFlag("emailError");
    queryClient.setQueryData([...SUPPORT_KEY, "thread", answer.thread.id], answer.thread);
    void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, "list"] });
    show(text);
  };
}

function NewThreadForm({
  t,
  show,
  onOpened,
}: {
  t: ConversationTexts;
  show: (text: string, tone?: "success" | "error") => void;
  onOpened: (thread: SupportThread) => void;
}) {
  const id = useId();
  const { register, handleSubmit, watch, reset, formState } = useDomainForm(supportThreadCreateSchema, {
    defaultValues: { subject: "", body: "" },
  });
  const { errors } = formState;
  const sent = useSentNotice(show);
  const send = useMutation({
    mutationFn: (body: SupportThreadCreate) => api.call("POST /support/threads", { body }),
    onSuccess: (answer) => {
      sent(answer, t("support.sent"));
      reset({ subject: "", body: "" });
      onOpened(answer.thread);
    },
  });
  const subject = watch("subject") ?? "";
  const body = watch("body") ?? "";
  const ready = subject.trim() !== "" && body.trim() !== "";
  const sending = send.isPending || formState.isSubmitting;
  return (
    <form
      className="flex flex-col gap-3 rounded-ui border border-line p-4"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={handleSubmit(async (values) => {
        // A refusal shows from the mutation's state below.
        await send.mutateAsync(values).catch(() => undefined);
      })}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t("support.new")}
      </h2>
      <TextField
        id={`${id}-subject`}
        label={t("support.subject")}
        maxLength={CONVERSATION_LIMITS.subjectMax}
        error={errors.subject?.message}
        {...register("subject")}
      />
      <TextAreaField
        id={`${id}-body`}
        label={t("support.body")}
        rows={6}
        maxLength={CONVERSATION_LIMITS.supportBodyMax}
        count={{ used: body.length, max: CONVERSATION_LIMITS.supportBodyMax }}
        error={errors.body?.message}
        {...register("body")}
      />
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {failureText(send.error, t("support.sendFailed"))}
        </p>
      ) : null}
      <div>
        <Button variant="primary" type="submit" disabled={!ready || sending}>
          {sending ? t("support.sending") : t("support.send")}
        </Button>
      </div>
    </form>
  );
}

const PAGE_SIZE = CONVERSATION_LIMITS.pageSize;

function StatusBadge({ status, t }: { status: SupportThreadSummary["status"]; t: ConversationTexts }) {
  const tone = status === "answered" ? "bg-accent text-accent-text" : "border border-line";
  return (
    <span className={`rounded-ui px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(`support.status.${status}`)}
    </span>
  );
}

function ThreadList({ t, page }: { t: ConversationTexts; page: number }) {
  const list = useQuery({
    queryKey: [...SUPPORT_KEY, "list", page],
    queryFn: ({ signal }) =>
      api.call("GET /support/threads", { query: { page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="flex flex-col gap-3" aria-labelledby="support-threads">
      <h2 id="support-threads" className="text-xl font-semibold">
        {t("support.threads")}
      </h2>
      {list.isError ? (
        <ListFailure
          message={t("support.loadFailed")}
          retryLabel={t("support.retry")}
          onRetry={() => void list.refetch()}
        />
      ) : !list.data ? (
        <ListLoading label={t("support.loading")} rowClassName="h-16" />
      ) : list.data.supportThreads.length === 0 ? (
        <ListEmpty>{t("support.none")}</ListEmpty>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-ui border border-line">
            {list.data.supportThreads.map((thread) => (
              <li key={thread.id} className="flex flex-wrap items-center gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <Link to={`/support?thread=${thread.id}`} className="font-semibold underline">
                    {thread.subject}
                  </Link>
                  <p className="truncate text-sm text-muted">{thread.lastMessage}</p>
                  <p className="text-xs text-muted">
                    {formatIsoDate(thread.updatedAt.slice(0, 10))} ·{" "}
                    {t("support.messages", { count: String(thread.messageCount) })}
                  </p>
                </div>
                <StatusBadge status={thread.status} t={t} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} />
        </>
      )}
    </section>
  );
}

function ThreadScreen({
  id,
  t,
  show,
  onBack,
}: {
  id: string;
  t: ConversationTexts;
  show: (text: string, tone?: "success" | "error") => void;
  onBack: () => void;
}) {
  const thread = useQuery({
    queryKey: [...SUPPORT_KEY, "thread", id],
    queryFn: ({ signal }) => api.call("GET /support/threads/:id", { params: { id }, signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const sent = useSentNotice(show);
  const reply = useMutation({
    mutationFn: (body: string) =>
      api.call("POST /support/threads/:id/messages", { params: { id }, body: { body } }),
    onSuccess: (answer) => sent(answer, t("support.replied")),
  });

  const back = (
    <Button variant="secondary" className="self-start" onClick={onBack}>
      {t("support.back")}
    </Button>
  );
  if (thread.isError) {
    const missing =
      thread.error instanceof ApiError && (thread.error.status === 404 || thread.error.status === 400);
    return (
      <div className="flex flex-col gap-3">
        <p role="alert">{missing ? t("support.notFound") : t("support.loadFailed")}</p>
        {back}
      </div>
    );
  }
  if (!thread.data) return <p role="status">{t("support.loading")}</p>;
  return (
    <article className="flex flex-col gap-4">
      {back}
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">{thread.data.subject}</h2>
        <StatusBadge status={thread.data.status} t={t} />
      </header>
      <ThreadMessages thread={thread.data} t={t} viewer="user" />
      {reply.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {failureText(reply.error, t("support.sendFailed"))}
        </p>
      ) : null}
      <ReplyForm
        label={t("support.reply")}
        submitLabel={t("support.sendReply")}
        max={CONVERSATION_LIMITS.supportBodyMax}
        busy={reply.isPending}
        t={t}
        onSubmit={async (body) => {
          try {
            await reply.mutateAsync(body);
            return true;
          } catch {
            return false;
          }
        }}
      />
    </article>
  );
}
