import type { SupportThread } from "@market/domain";
import { useId, useState } from "react";
import { ApiError } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Button } from "../../components/ui/index.ts";
import type { ConversationTexts } from "./conversation-texts.ts";

export const inputClass = "w-full rounded-ui border border-line bg-paper px-3 py-2";

/** The server's message for a refused write, or the screen's own words when it could not be reached. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : fallback;
}

/** A thread's messages, oldest first: the user's on one side, support's on the other. */
export function ThreadMessages({
  thread,
  t,
  viewer,
}: {
  thread: SupportThread;
  t: ConversationTexts;
  /** Whose screen it is: the user reads "You" for their own messages, an admin reads the user's name. */
  viewer: "user" | "admin";
}) {
  return (
    <ol className="flex flex-col gap-3" aria-label={thread.subject}>
      {thread.messages.map((m) => {
        const who = m.fromSupport
          ? m.author
          : viewer === "user"
            ? t("support.you")
            : `${thread.user.first_name} (@${thread.user.username})`;
        return (
          <li
            key={m.id}
            className={`max-w-prose rounded-ui border border-line p-3 ${m.fromSupport ? "self-start bg-wash" : "self-end bg-paper"}`}
          >
            <p className="text-xs text-muted">
              <span className="font-semibold text-ink">{who}</span> ·{" "}
              {formatIsoDate(m.createdAt.slice(0, 10))}
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** A text box with its limit shown before it is reached (UX.md), and a submit that says when it is busy. */
export function ReplyForm({
  label,
  submitLabel,
  max,
  busy,
  t,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  max: number;
  busy: boolean;
  t: ConversationTexts;
  onSubmit: (body: string) => Promise<boolean>;
}) {
  const id = useId();
  const [body, setBody] = useState("");
  const trimmed = body.trim();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || trimmed.length > max) return;
        void onSubmit(trimmed).then((sent) => {
          if (sent) setBody("");
        });
      }}
    >
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <textarea
        id={id}
        value={body}
        rows={4}
        maxLength={max}
        onChange={(event) => setBody(event.target.value)}
        className={inputClass}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="text-xs text-muted">
        {t("support.chars", { used: String(body.length), max: String(max) })}
      </p>
      <div>
        <Button variant="primary" type="submit" disabled={busy || !trimmed}>
          {busy ? t("support.sending") : submitLabel}
        </Button>
      </div>
    </form>
  );
}
