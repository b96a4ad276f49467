import { CONVERSATION_LIMITS, type UserMessage } from "@market/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { formatIsoDate } from "../../components/format.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { Toast, useTimedNotice } from "../../components/Toast.tsx";
import { Button, LinkButton } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { pageFromSearch } from "../catalogue/filters.ts";
import { type ConversationTexts, useConversationTexts } from "./conversation-texts.ts";
import { ListEmpty, ListFailure, ListLoading } from "./list-states.tsx";

export const INBOX_KEY = ["messages", "inbox"] as const;
const PAGE_SIZE = CONVERSATION_LIMITS.pageSize;

/**
 * /profile/@{username}/messages: the signed-in user's inbox, in their own account. Another user's inbox is
 * never shown: the server answers with the caller's own messages only, and a link to someone else's inbox
 * lands on one's own.
 */
export default function InboxPage() {
  const t = useConversationTexts();
  const { handle } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const own = session?.user?.username ?? null;
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const [notice, show] = useTimedNotice();
  const queryClient = useQueryClient();

  const asked = handle ? decodeURIComponent(handle).replace(/^@/, "") : null;
  useEffect(() => {
    if (own && asked && asked.toLowerCase() !== own.toLowerCase()) {
      navigate(`/profile/@${encodeURIComponent(own)}/messages`, { replace: true });
    }
  }, [own, asked, navigate]);

  const inbox = useQuery({
    queryKey: [...INBOX_KEY, session?.claims.sub ?? "", page],
    queryFn: ({ signal }) =>
      api.call("GET /messages/inbox", { query: { page, pageSize: PAGE_SIZE }, signal }),
    enabled: session !== null,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  const markRead = useMutation({
    mutationFn: (message: UserMessage) => api.call("PUT /messages/:id/read", { params: { id: message.id } }),
    onSuccess: refresh,
  });
  const block = useMutation({
    mutationFn: ({ message, blocked }: { message: UserMessage; blocked: boolean }) =>
      blocked
        ? api.call("PUT /users/self/blocks/:userId", { params: { userId: message.sender.id } })
        : api.call("DELETE /users/self/blocks/:userId", { params: { userId: message.sender.id } }),
    onSuccess: (_answer, { message, blocked }) => {
      show(t(blocked ? "inbox.blocked" : "inbox.unblocked", { username: message.sender.username }));
      refresh();
    },
    onError: (error) => show(error.message, "error"),
  });

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("inbox.title")}</h1>
        {inbox.data && inbox.data.unread > 0 ? (
          <span className="rounded-ui bg-accent px-2 py-0.5 text-sm font-medium text-accent-text">
            {t("inbox.unread", { count: String(inbox.data.unread) })}
          </span>
        ) : null}
      </div>
      {inbox.isError ? (
        <ListFailure
          message={t("inbox.loadFailed")}
          retryLabel={t("support.retry")}
          onRetry={() => void inbox.refetch()}
        />
      ) : !inbox.data ? (
        <ListLoading label={t("inbox.loading")} rowClassName="h-20" />
      ) : inbox.data.messages.length === 0 ? (
        <ListEmpty>{t("inbox.empty")}</ListEmpty>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-ui border border-line" aria-label={t("inbox.title")}>
            {inbox.data.messages.map((message) => (
              <InboxItem
                key={message.id}
                message={message}
                t={t}
                busy={block.isPending || markRead.isPending}
                onRead={() => markRead.mutate(message)}
                onBlock={(blocked) => block.mutate({ message, blocked })}
              />
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={inbox.data.total} />
        </>
      )}
      <Toast notice={notice} />
    </section>
  );
}

function InboxItem({
  message,
  t,
  busy,
  onRead,
  onBlock,
}: {
  message: UserMessage;
  t: ConversationTexts;
  busy: boolean;
  onRead: () => void;
  onBlock: (blocked: boolean) => void;
}) {
  const { sender } = message;
  const profile = `/profile/@${encodeURIComponent(sender.username)}`;
  return (
    <li className={`flex gap-4 p-4 ${message.readAt ? "" : "bg-wash"}`}>
      <Avatar locator={sender.avatar_locator} name={sender.first_name} alt="" size={50} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm">
          <Link to={`${profile}/about`} className="font-semibold underline">
            {t("inbox.from", { name: sender.first_name, username: sender.username })}
          </Link>{" "}
          <span className="text-muted">· {formatIsoDate(message.createdAt.slice(0, 10))}</span>
          {message.readAt ? null : (
            <span className="ml-2 rounded-ui bg-accent px-2 py-0.5 text-xs font-medium text-accent-text">
              {t("inbox.new")}
            </span>
          )}
          {message.senderBlocked ? (
            <span className="ml-2 rounded-ui border border-line px-2 py-0.5 text-xs">
              {t("inbox.blockedBadge")}
            </span>
          ) : null}
        </p>
        <p className="whitespace-pre-wrap break-words">{message.body}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {message.readAt ? null : (
            <Button variant="secondary" disabled={busy} onClick={onRead}>
              {t("inbox.markRead")}
            </Button>
          )}
          {message.senderBlocked ? null : (
            <LinkButton variant="secondary" to={`${profile}/message`}>
              {t("inbox.reply", { name: sender.first_name })}
            </LinkButton>
          )}
          <Button variant="secondary" disabled={busy} onClick={() => onBlock(!message.senderBlocked)}>
            {t(message.senderBlocked ? "inbox.unblock" : "inbox.block", { username: sender.username })}
          </Button>
        </div>
      </div>
    </li>
  );
}
