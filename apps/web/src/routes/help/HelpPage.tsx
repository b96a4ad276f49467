import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { RichText } from "../../components/RichText.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Button, CONTROL_CLASS } from "../../components/ui/index.ts";
import { helpQueries } from "./help-api.ts";
import { useHelpTexts } from "./help-texts.ts";
import { FeedbackForm } from "./help-ui.tsx";

/** How many articles the help centre shows before a search. */
const POPULAR = 6;

/**
 * /help, the help centre: a random pro tip (GET /help/random-pro-tip), a search over the help book's articles
 * (every word must match, spec 2) with the answers readable in place, and the ways to reach support.
 */
export default function HelpPage() {
  const t = useHelpTexts();
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const [draft, setDraft] = useState(q);
  const tip = useQuery(helpQueries.proTip()).data?.proTip;
  const articles = useQuery(helpQueries.articles(q));
  const shown = (articles.data?.entries ?? [])
    .filter((e) => q || !e.is_pro_tip)
    .slice(0, q ? undefined : POPULAR);

  return (
    <section className="flex max-w-3xl flex-col gap-8">
      <div>
        <SiteBanner imageKey="help" className="mb-4" />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("help.title")}</h1>
        <p className="mt-1 text-muted">{t("help.intro")}</p>
      </div>

      {tip ? (
        <aside className="rounded-ui border border-line bg-wash p-4" aria-labelledby="pro-tip">
          <h2 id="pro-tip" className="text-sm font-bold uppercase text-muted">
            {t("help.proTip")}: {tip.title}
          </h2>
          <p className="mt-1">{tip.body}</p>
        </aside>
      ) : null}

      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every browser we support (nor jsdom) */}
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(draft.trim() ? { q: draft.trim() } : {});
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="help-search" className="font-medium">
            {t("help.search.label")}
          </label>
          <input
            id="help-search"
            type="search"
            className={`mt-1 ${CONTROL_CLASS}`}
            maxLength={100}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button variant="primary" type="submit">
          {t("help.search.submit")}
        </Button>
      </form>

      <section aria-labelledby="help-results" className="flex flex-col gap-2">
        <h2 id="help-results" className="text-xl font-bold">
          {q ? t("help.search.results", { q }) : t("help.popular")}
        </h2>
        {articles.isPending ? (
          <p role="status">Loading…</p>
        ) : q && shown.length === 0 ? (
          <p>{t("help.search.none", { q })}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {shown.map((entry) => (
              <li key={entry.id}>
                <details className="rounded-ui border border-line p-4">
                  <summary className="cursor-pointer font-medium">
                    {entry.long_title || entry.short_title}
                  </summary>
                  <RichText text={entry.body} className="mt-2" />
                  <Link
                    to={`/helpbook/${entry.name}`}
                    className="mt-2 inline-block text-sm text-accent underline"
                  >
                    {t("helpbook.title")}: {entry.short_title}
                  </Link>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="help-reach" className="flex flex-col gap-4">
        <h2 id="help-reach" className="text-xl font-bold">
          {t("help.reach")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          <li className="rounded-ui border border-line p-4">
            <Link to="/support" className="font-bold text-accent underline">
              {t("help.reach.support")}
            </Link>
            <p className="mt-1 text-sm text-muted">{t("help.reach.supportHint")}</p>
          </li>
          <li className="rounded-ui border border-line p-4">
            <Link to="/helpbook" className="font-bold text-accent underline">
              {t("help.reach.helpbook")}
            </Link>
            <p className="mt-1 text-sm text-muted">{t("help.reach.helpbookHint")}</p>
          </li>
        </ul>
        <FeedbackForm />
      </section>
    </section>
  );
}
