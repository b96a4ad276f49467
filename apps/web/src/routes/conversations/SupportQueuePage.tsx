import { CONVERSATION_LIMITS } from "@market/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { Toast, useTimedNotice } from "../../components/Toast.tsx";
import { Button } from "../../components/ui/index.ts";
import { raiseFooterFlag } from "../../state/footer-flags.ts";
import { pageFromSearch } from "../catalogue/filters.ts";
import { type ConversationTexts, useConversationTexts } from "./conversation-texts.ts";
import { ListEmpty, ListFailure, ListLoading } from "./list-states.tsx";
import { failureText, ReplyForm, ThreadMessages } from "./ThreadView.tsx";

const QUEUE_KEY = ["admin", "support"] as const;
const PAGE_SIZE = CONVERSATION_LIMITS.pageSize;

/**
 * /admin/exceptions/support (spec 2; spec 3: Admin queues, supportThreads): threads waiting for an answer,
 * the longest waiting first. Selecting one (?thread={id}, the link in support's mail) shows it to read and
 * answer; answering or clearing the selected thread removes it from the list.
 */
export default function SupportQueuePage() {
  const t = useConversationTexts();
  const [search, setSearch] = useSearchParams();
  const page = pageFromSearch(search);
  const selected = search.get("thread");
  const [notice, show] = useTimedNotice();
  const queue = useQuery({
    queryKey: [...QUEUE_KEY, "queue", page],
    queryFn: ({ signal }) =>
      api.call("GET /admin/support-threads", { query: { page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const select = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set("thread", id);
    else next.delete("thread");
    setSearch(next);
  };

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("supportQueue.title")}</h1>
        <p className="mt-2 text-muted">{t("supportQueue.intro")}</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-3">
          {queue.isError ? (
            <ListFailure
              message={t("support.loadFailed")}
              retryLabel={t("support.retry")}
              onRetry={() => void queue.refetch()}
            />
          ) : !queue.data ? (
            <ListLoading label={t("support.loading")} rowClassName="h-16" />
          ) : queue.data.supportThreads.length === 0 ? (
            <ListEmpty>{t("supportQueue.empty")}</ListEmpty>
          ) : (
            <>
              <ul
                className="divide-y divide-line rounded-ui border border-line"
                aria-label={t("supportQueue.title")}
              >
                {queue.data.supportThreads.map((thread) => (
                  <li
                    key={thread.id}
                    className={`flex flex-col gap-1 p-4 ${thread.id === selected ? "bg-wash" : ""}`}
                  >
                    <Link
                      to={`?${new URLSearchParams({ ...Object.fromEntries(search), thread: thread.id })}`}
                      aria-current={thread.id === selected ? "true" : undefined}
                      className="font-semibold underline"
                    >
                      {thread.subject}
                    </Link>
                    <p className="text-sm text-muted">
                      {t("supportQueue.from", {
                        name: thread.user.first_name,
                        username: thread.user.username,
                      })}{" "}
                      · {formatIsoDate(thread.updatedAt.slice(0, 10))}
                    </p>
                    <p className="truncate text-sm">{thread.lastMessage}</p>
                  </li>
                ))}
              </ul>
              <Pagination page={page} pageSize={PAGE_SIZE} total={queue.data.total} />
            </>
          )}
        </div>
        <div>
          {selected ? (
            <SelectedThread key={selected} id={selected} t={t} show={show} onDone={() => select(null)} />
          ) : (
            <p className="rounded-ui border border-dashed border-line p-6 text-muted">
              {t("supportQueue.select")}
            </p>
          )}
        </div>
      </div>
      <Toast notice={notice} />
    </section>
  );
}

function SelectedThread({
  id,
  t,
  show,
  onDone,
}: {
  id: string;
  t: ConversationTexts;
  show: (text: string, tone?: "success" | "error") => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: [...QUEUE_KEY, "thread", id],
    queryFn: ({ signal }) => api.call("GET /admin/support-threads/:id", { params: { id }, signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const leaveQueue = () => {
    void queryClient.invalidateQueries({ queryKey: [...QUEUE_KEY, "queue"] });
    onDone();
  };
  const answer = useMutation({
    mutationFn: (body: string) =>
      api.call("POST /admin/support-threads/:id/messages", { params: { id }, body: { body } }),
    onSuccess: (result) => {
      if (!result.mailed) raiseFooterFlag("emailError");
      show(t("supportQueue.answered", { username: result.thread.user.username }));
      leaveQueue();
    },
  });
  const clear = useMutation({
    mutationFn: () => api.call("POST /admin/support-threads/:id/clear", { params: { id } }),
    onSuccess: () => {
      show(t("supportQueue.cleared"));
      leaveQueue();
    },
  });

  if (thread.isError) {
    const missing =
      thread.error instanceof ApiError && (thread.error.status === 404 || thread.error.status === 400);
    return <p role="alert">{missing ? t("support.notFound") : t("support.loadFailed")}</p>;
  }
  if (!thread.data) return <p role="status">{t("support.loading")}</p>;
  const failed = answer.error ?? clear.error;
  return (
    <article className="flex flex-col gap-4 rounded-ui border border-line p-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{thread.data.subject}</h2>
          <p className="text-sm text-muted">
            {t("supportQueue.from", {
              name: thread.data.user.first_name,
              username: thread.data.user.username,
            })}
          </p>
        </div>
        <Button variant="secondary" disabled={clear.isPending} onClick={() => clear.mutate()}>
          {t("supportQueue.clear")}
        </Button>
      </header>
      <ThreadMessages thread={thread.data} t={t} viewer="admin" />
      {failed ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {failureText(failed, t("support.sendFailed"))}
        </p>
      ) : null}
      <ReplyForm
        label={t("supportQueue.answer")}
        submitLabel={t("supportQueue.sendAnswer")}
        max={CONVERSATION_LIMITS.supportBodyMax}
        busy={answer.isPending}
        t={t}
        onSubmit={async (body) => {
          try {
            await answer.mutateAsync(body);
            return true;
          } catch {
            return false;
          }
        }}
      />
    </article>
  );
}
