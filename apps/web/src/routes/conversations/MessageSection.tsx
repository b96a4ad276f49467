import { CONVERSATION_LIMITS, messageCreateSchema, type SentMessage } from "@market/domain";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { raiseFooterFlag } from "../../state/footer-flags.ts";
import { useSession } from "../../state/session.ts";
import { useConversationTexts } from "./conversation-texts.ts";
import { failureText, ReplyForm } from "./ThreadView.tsx";

/** The message's own field of POST /messages; the recipient comes from the profile, not the form. */
const messageBodySchema = messageCreateSchema.pick({ body: true });

interface Recipient {
  username: string;
  first_name: string;
}

/**
 * The portfolio's message section (spec 2: /profile/@{username}/message; spec 6: needs the messages
 * permission, which the route guard checks before the screen opens). The server replaces restricted words,
 * refuses blocked senders and counts the messages limit; the form says which happened.
 */
export function MessageSection({ user, isOwn }: { user: Recipient; isOwn: boolean }) {
  const t = useConversationTexts();
  const session = useSession();
  const [sent, setSent] = useState<SentMessage | null>(null);
  const send = useMutation({
    mutationFn: (body: string) => api.call("POST /messages", { body: { recipient: user.username, body } }),
    onSuccess: (answer) => {
      if (!answer.mailed) raiseFooterFlag("emailError");
      setSent(answer.message);
    },
  });

  if (isOwn) {
    return (
      <p>
        {t("sendMessage.own")}{" "}
        <Link
          to={`/profile/@${encodeURIComponent(user.username)}/messages`}
          className="font-medium underline"
        >
          {t("sendMessage.inboxLink")}
        </Link>
      </p>
    );
  }
  if (session?.user && !session.user.permissions.messages) {
    return <p role="alert">{t("sendMessage.noPermission")}</p>;
  }

  const refusal = (error: unknown) => {
    if (error instanceof ApiError && error.code === "forbidden") {
      return t("sendMessage.blocked", { name: user.first_name });
    }
    if (error instanceof ApiError && error.code === "missing_permission")
      return t("sendMessage.noPermission");
    if (error instanceof ApiError && error.status === 429) return t("sendMessage.limited");
    return failureText(error, t("support.sendFailed"));
  };

  return (
    <section className="flex max-w-2xl flex-col gap-4" aria-labelledby="message-title">
      <h2 id="message-title" className="text-xl font-semibold">
        {t("sendMessage.title", { name: user.first_name })}
      </h2>
      {sent ? (
        <div role="status" className="rounded-ui border border-line bg-wash p-4">
          <p className="font-medium">{t("sendMessage.sent", { name: user.first_name })}</p>
          <p className="mt-2 whitespace-pre-wrap break-words text-muted">{sent.body}</p>
        </div>
      ) : null}
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {refusal(send.error)}
        </p>
      ) : null}
      <ReplyForm
        label={t("sendMessage.body")}
        submitLabel={t("sendMessage.send")}
        schema={messageBodySchema}
        max={CONVERSATION_LIMITS.messageBodyMax}
        busy={send.isPending}
        t={t}
        onSubmit={async (body) => {
          try {
            await send.mutateAsync(body);
            return true;
          } catch {
            return false;
          }
        }}
      />
    </section>
  );
}
