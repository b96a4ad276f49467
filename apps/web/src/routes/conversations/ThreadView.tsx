import { type SupportThread, supportReplySchema } from "@market/domain";
import { useId } from "react";
import type { z } from "zod";
import { ApiError } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, TextAreaField } from "../../components/ui/index.ts";
import type { ConversationTexts } from "./conversation-texts.ts";

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

/**
 * A text box with its limit shown before it is reached (UX.md), checked by the endpoint's own schema (its
 * body field), and a submit that says when it is busy. The box empties once the message is sent.
 */
export function ReplyForm({
  label,
  submitLabel,
  schema = supportReplySchema,
  max,
  busy,
  t,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  /** The endpoint's body schema, or its `body` field picked from it; support's reply by default. */
  schema?: z.ZodType<{ body: string }, { body: string }>;
  /** The domain's limit of that field, for the live count. */
  max: number;
  busy: boolean;
  t: ConversationTexts;
  onSubmit: (body: string) => Promise<boolean>;
}) {
  const id = useId();
  const { register, handleSubmit, watch, reset, formState } = useDomainForm(schema, {
    defaultValues: { body: "" },
  });
  const body = watch("body") ?? "";
  const sending = busy || formState.isSubmitting;
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={handleSubmit(async (values) => {
        if (await onSubmit(values.body)) reset({ body: "" });
      })}
    >
      <TextAreaField
        id={id}
        label={label}
        rows={4}
        maxLength={max}
        count={{ used: body.length, max }}
        error={formState.errors.body?.message}
        {...register("body")}
      />
      <div>
        <Button variant="primary" type="submit" disabled={sending || !body.trim()}>
          {sending ? t("support.sending") : submitLabel}
        </Button>
      </div>
    </form>
  );
}
