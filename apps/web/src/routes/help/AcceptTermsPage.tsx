import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useSession } from "../../state/session.ts";
import { helpQueries } from "./help-api.ts";
import { useHelpTexts } from "./help-texts.ts";
import { TermsPanel } from "./TermsPanel.tsx";

/** /helpbook/accept-terms: the changed terms of service to read and accept, as a page of its own. */
export default function AcceptTermsPage() {
  const t = useHelpTexts();
  const userId = useSession()?.claims.sub ?? "";
  const pending = useQuery({ ...helpQueries.pendingTerms(userId), enabled: userId !== "" });
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("terms.title")}</h1>
      {!pending.data ? (
        <p role="status">Loading…</p>
      ) : pending.data.entries.length > 0 ? (
        <TermsPanel entries={pending.data.entries} />
      ) : (
        <>
          <p>{t("terms.none")}</p>
          <Link to="/helpbook" className="text-accent underline">
            {t("helpbook.back")}
          </Link>
        </>
      )}
    </section>
  );
}
