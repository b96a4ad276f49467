import { useQuery } from "@tanstack/react-query";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { helpQueries } from "./help-api.ts";
import { useHelpTexts } from "./help-texts.ts";
import { EntryCard, GROUP_HEADINGS, groupEntries } from "./help-ui.tsx";

/**
 * /helpbook: every entry in spec 4's order (changed terms first, then articles, pictures and videos by
 * order_index), under a heading per group. A failure to fetch the list is silently ignored (spec 8): the page
 * stays without entries, and the server logs it.
 */
export default function HelpbookPage() {
  const t = useHelpTexts();
  const isAdmin = useSession()?.isAdmin ?? false;
  const list = useQuery(helpQueries.all());
  const groups = groupEntries(list.data?.entries ?? []);
  return (
    <section className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <SiteBanner imageKey="helpbook" className="mb-4" />
          <h1 className="text-2xl font-bold sm:text-3xl">{t("helpbook.title")}</h1>
          <p className="mt-1 text-muted">{t("helpbook.intro")}</p>
        </div>
        {isAdmin ? (
          <LinkButton variant="secondary" to="/helpbook/manage">
            {t("helpbook.manage")}
          </LinkButton>
        ) : null}
      </div>
      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : list.data?.entries.length === 0 ? (
        <p>{t("helpbook.empty")}</p>
      ) : (
        groups.map((entries, index) =>
          entries.length === 0 ? null : (
            <section key={GROUP_HEADINGS[index]} aria-labelledby={`help-group-${index}`}>
              <h2 id={`help-group-${index}`} className="mb-3 text-xl font-bold">
                {t(GROUP_HEADINGS[index]!)}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <EntryCard entry={entry} />
                  </li>
                ))}
              </ul>
            </section>
          ),
        )
      )}
    </section>
  );
}
