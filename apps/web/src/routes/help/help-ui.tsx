import { HELP_LIMITS, type HelpEntry, helpEntryGroup, helpFeedbackSchema } from "@market/domain";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../api/client.ts";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, TextAreaField } from "../../components/ui/index.ts";
import { type HelpTextKey, useHelpTexts } from "./help-texts.ts";

/** The headings of spec 4's groups, in its order: changed terms, articles, images, videos. */
export const GROUP_HEADINGS: readonly HelpTextKey[] = [
  "helpbook.terms",
  "helpbook.articles",
  "helpbook.images",
  "helpbook.videos",
];

/** Entries (already in spec 4's order) split into the four groups, empty groups kept for their index. */
export function groupEntries(entries: readonly HelpEntry[]): HelpEntry[][] {
  const groups: HelpEntry[][] = [[], [], [], []];
  for (const entry of entries) groups[helpEntryGroup(entry)]!.push(entry);
  return groups;
}

/** A help-book entry as a link card: its accent colour, title and what kind it is. */
export function EntryCard({ entry }: { entry: HelpEntry }) {
  const t = useHelpTexts();
  return (
    <Link
      to={`/helpbook/${entry.name}`}
      className="flex h-full flex-col gap-1 rounded-ui border border-line border-l-8 p-4 hover:bg-wash"
      style={{ borderLeftColor: entry.accent_color ?? undefined }}
    >
      <span className="font-bold">{entry.short_title}</span>
      {entry.long_title && entry.long_title !== entry.short_title ? (
        <span className="text-sm text-muted">{entry.long_title}</span>
      ) : null}
      <span className="mt-auto flex gap-2 text-xs font-medium uppercase text-muted">
        {entry.terms_changed_at ? <span>{t("helpbook.changedTerms")}</span> : null}
        {entry.is_pro_tip ? <span>{t("helpbook.proTip")}</span> : null}
      </span>
    </Link>
  );
}

/** The feedback's own field of POST /help/feedback; the entry it is about comes from the page. */
const feedbackFormSchema = helpFeedbackSchema.pick({ feedback: true });

/**
 * Feedback about the help (POST /help/feedback). Spec 8: a failure to send it is silently ignored, so only a
 * success says anything; the server logs failures.
 */
export function FeedbackForm({ entryId }: { entryId?: string }) {
  const t = useHelpTexts();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, watch, formState } = useDomainForm(feedbackFormSchema, {
    defaultValues: { feedback: "" },
  });
  const id = `help-feedback-${entryId ?? "centre"}`;
  if (sent) return <p role="status">{t("help.feedback.thanks")}</p>;
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={handleSubmit(async ({ feedback }) => {
        try {
          await api.call("POST /help/feedback", { body: { feedback, help_entry_id: entryId ?? null } });
          setSent(true);
        } catch {
          // Silently ignored (spec 8).
        }
      })}
    >
      <TextAreaField
        id={id}
        label={t("help.feedback.label")}
        rows={3}
        maxLength={HELP_LIMITS.feedbackMax}
        error={formState.errors.feedback?.message}
        {...register("feedback")}
      />
      <Button
        variant="secondary"
        className="self-start"
        type="submit"
        disabled={formState.isSubmitting || !(watch("feedback") ?? "").trim()}
      >
        {t("help.feedback.submit")}
      </Button>
    </form>
  );
}
