import type { HelpEntry } from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../api/client.ts";
import { Button, LinkButton } from "../../components/ui/index.ts";
import { helpQueries } from "./help-api.ts";
import { useHelpTexts } from "./help-texts.ts";
import { GROUP_HEADINGS, groupEntries } from "./help-ui.tsx";

/**
 * /helpbook/manage (admins): every entry in spec 4's order, moved up and down inside its group, edited,
 * deleted, and articles published as changed terms of service. Failed reorders and deletes are silently
 * ignored (spec 8): the list is read again, so it shows what the server holds. Readers' feedback is below.
 */
export default function ManageHelpPage() {
  const t = useHelpTexts();
  const queryClient = useQueryClient();
  const list = useQuery(helpQueries.all());
  const feedback = useQuery(helpQueries.feedback());
  const [busy, setBusy] = useState(false);
  const groups = groupEntries(list.data?.entries ?? []);

  async function run(work: () => Promise<unknown>, onFailure?: () => void) {
    setBusy(true);
    try {
      await work();
    } catch {
      onFailure?.();
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ["help"] });
    }
  }

  /** Moves an entry one place in its group; the group is renumbered 0..n-1 so ties cannot stall a move. */
  const move = (group: HelpEntry[], from: number, to: number) =>
    run(async () => {
      const order = [...group];
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved!);
      for (const [index, entry] of order.entries()) {
        if (entry.order_index !== index)
          await api.call("PUT /help/:id", { params: { id: entry.id }, body: { order_index: index } });
      }
    });
  const remove = (entry: HelpEntry) => {
    if (!window.confirm(t("manage.confirmDelete", { title: entry.short_title }))) return;
    void run(() => api.call("DELETE /help/:id", { params: { id: entry.id } }));
  };
  const markTerms = (entry: HelpEntry, changed: boolean) =>
    run(
      () => api.call("PUT /help/:id/terms-changed", { params: { id: entry.id }, body: { changed } }),
      () => window.alert(t("editor.saveFailed")),
    );

  return (
    <section className="flex flex-col gap-8" aria-busy={busy}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("manage.title")}</h1>
        <div className="flex flex-wrap gap-2">
          {(["article", "image", "video"] as const).map((type) => (
            <LinkButton variant="secondary" key={type} to={`/helpbook/new-${type}`}>
              {t(`editor.new.${type}`)}
            </LinkButton>
          ))}
        </div>
      </div>
      <p className="text-muted">{t("manage.termsHint")}</p>
      {list.isPending ? <p role="status">Loading…</p> : null}
      {groups.map((group, g) =>
        group.length === 0 ? null : (
          <section key={GROUP_HEADINGS[g]} aria-labelledby={`manage-group-${g}`}>
            <h2 id={`manage-group-${g}`} className="mb-2 text-xl font-bold">
              {t(GROUP_HEADINGS[g]!)}
            </h2>
            <ol className="divide-y divide-line rounded-ui border border-line">
              {group.map((entry, i) => (
                <li key={entry.id} className="flex flex-wrap items-center gap-2 p-3">
                  <span className="min-w-0 flex-1">
                    <Link to={`/helpbook/${entry.name}`} className="font-medium underline">
                      {entry.short_title}
                    </Link>{" "}
                    <span className="text-sm text-muted">
                      /{entry.name} · {entry.order_index}
                      {entry.is_pro_tip ? ` · ${t("helpbook.proTip")}` : ""}
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    disabled={busy || i === 0}
                    aria-label={t("manage.up", { title: entry.short_title })}
                    onClick={() => move(group, i, i - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busy || i === group.length - 1}
                    aria-label={t("manage.down", { title: entry.short_title })}
                    onClick={() => move(group, i, i + 1)}
                  >
                    ↓
                  </Button>
                  <LinkButton
                    variant="secondary"
                    to={`/helpbook/${entry.name}?edit=1`}
                    aria-label={`${t("manage.edit")}: ${entry.short_title}`}
                  >
                    {t("manage.edit")}
                  </LinkButton>
                  {entry.type === "article" ? (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      aria-label={`${t(entry.terms_changed_at ? "manage.clearTerms" : "manage.markTerms")}: ${entry.short_title}`}
                      onClick={() => markTerms(entry, !entry.terms_changed_at)}
                    >
                      {t(entry.terms_changed_at ? "manage.clearTerms" : "manage.markTerms")}
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={`${t("manage.delete")}: ${entry.short_title}`}
                    onClick={() => remove(entry)}
                  >
                    {t("manage.delete")}
                  </Button>
                </li>
              ))}
            </ol>
          </section>
        ),
      )}
      <section aria-labelledby="manage-feedback" className="flex flex-col gap-2">
        <h2 id="manage-feedback" className="text-xl font-bold">
          {t("manage.feedback")}
        </h2>
        {feedback.data?.feedback.length === 0 ? <p>{t("manage.feedbackEmpty")}</p> : null}
        <ul className="flex flex-col gap-2">
          {feedback.data?.feedback.map((f) => (
            <li key={f.id} className="rounded-ui border border-line p-3">
              <p className="text-sm text-muted">
                {t("manage.feedbackFrom", {
                  who: f.username ? `@${f.username}` : t("manage.visitor"),
                  entry: f.entry_name ?? t("manage.general"),
                })}{" "}
                · {new Date(f.created_at).toLocaleString()}
              </p>
              <p className="whitespace-pre-line">{f.feedback}</p>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
