import type { HelpEntry } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { RichText } from "../../components/RichText.tsx";
import { Button } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { acceptTerms, helpQueries } from "./help-api.ts";
import { useHelpTexts } from "./help-texts.ts";

/**
 * The changed terms a user has not accepted, and the one way on: accepting them (PUT /help/tos-agreement). Used
 * by the help modal over any page and by /helpbook/accept-terms; both go to /terms-accepted afterwards.
 */
export function TermsPanel({ entries }: { entries: HelpEntry[] }) {
  const t = useHelpTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSession()?.claims.sub ?? "";
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function accept() {
    setBusy(true);
    setFailed(false);
    try {
      const result = await acceptTerms(entries);
      queryClient.setQueryData(helpQueries.pendingTerms(userId).queryKey, { entries: result.pending });
      // A change published while the user read stays pending; the panel then shows that one.
      if (result.pending.length === 0) navigate("/terms-accepted");
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p>{t("terms.intro")}</p>
      {entries.map((entry) => (
        <article
          key={entry.id}
          className="max-h-[45dvh] overflow-y-auto rounded-ui border border-line p-4"
          aria-labelledby={`terms-${entry.id}`}
        >
          <h3 id={`terms-${entry.id}`} className="mb-2 text-lg font-bold">
            {entry.long_title || entry.short_title}
          </h3>
          <RichText text={entry.body} />
        </article>
      ))}
      {failed ? (
        <p role="alert" className="font-medium text-danger">
          {t("terms.failed")}
        </p>
      ) : null}
      <Button variant="primary" className="self-start" disabled={busy} onClick={accept}>
        {busy ? t("terms.accepting") : t("terms.accept")}
      </Button>
    </div>
  );
}
