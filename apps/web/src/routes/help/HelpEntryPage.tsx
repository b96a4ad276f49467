import { formatFileSize, newHelpEntryType } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { ApiError, fileUrl } from "../../api/client.ts";
import { RichText } from "../../components/RichText.tsx";
import { Button } from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { HelpEntryEditor } from "./HelpEntryEditor.tsx";
import { helpQueries } from "./help-api.ts";
import { useHelpTexts } from "./help-texts.ts";
import { FeedbackForm } from "./help-ui.tsx";

/**
 * /helpbook/{id}, where the id is the entry's name (spec 2); 'new-article', 'new-image' and 'new-video' open a
 * blank entry of that type for an admin. An article's body is rich text through the same safe renderer as
 * resource descriptions.
 */
export default function HelpEntryPage() {
  const { id = "" } = useParams();
  const newType = newHelpEntryType(id);
  return newType ? <NewEntry type={newType} /> : <EntryView name={id} />;
}

function NewEntry({ type }: { type: NonNullable<ReturnType<typeof newHelpEntryType>> }) {
  const t = useHelpTexts();
  const isAdmin = useSession()?.isAdmin ?? false;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t(`editor.new.${type}`)}</h1>
      {isAdmin ? <HelpEntryEditor type={type} /> : <p>{t("helpbook.adminsOnly")}</p>}
    </section>
  );
}

function EntryView({ name }: { name: string }) {
  const t = useHelpTexts();
  const isAdmin = useSession()?.isAdmin ?? false;
  // The manage page links straight to an entry's editor with ?edit=1.
  const [params] = useSearchParams();
  const [editing, setEditing] = useState(() => isAdmin && params.get("edit") === "1");
  const entry = useQuery(helpQueries.entry(name));
  if (entry.isPending) return <p role="status">Loading…</p>;
  if (!entry.data) {
    const missing = entry.error instanceof ApiError && entry.error.status === 404;
    return (
      <section className="flex flex-col gap-4">
        <p role="alert">{missing ? t("helpbook.notFound") : t("helpbook.loadFailed")}</p>
        {missing ? null : (
          <Button variant="secondary" className="self-start" onClick={() => entry.refetch()}>
            {t("helpbook.retry")}
          </Button>
        )}
        <Link to="/helpbook" className="text-accent underline">
          {t("helpbook.back")}
        </Link>
      </section>
    );
  }
  const e = entry.data;
  return (
    <article className="flex max-w-3xl flex-col gap-4">
      <Link to="/helpbook" className="text-sm text-accent underline">
        {t("helpbook.back")}
      </Link>
      <header className="border-l-8 pl-4" style={{ borderLeftColor: e.accent_color ?? undefined }}>
        <h1 className="text-2xl font-bold sm:text-3xl">{e.long_title || e.short_title}</h1>
        {e.terms_changed_at ? (
          <p className="text-sm text-muted">
            {t("helpbook.changedTerms")}: {new Date(e.terms_changed_at).toLocaleDateString()}
          </p>
        ) : null}
      </header>
      {isAdmin ? (
        <Button variant="secondary" className="self-start" onClick={() => setEditing((v) => !v)}>
          {editing ? t("helpbook.stopEditing") : t("helpbook.edit")}
        </Button>
      ) : null}
      {editing ? (
        <HelpEntryEditor key={e.updated_at} type={e.type} entry={e} />
      ) : (
        <>
          {e.image_locator ? (
            <img
              src={fileUrl(e.image_locator)}
              alt={e.image_alt_text ?? ""}
              className="max-w-full rounded-ui"
            />
          ) : null}
          {e.body ? <RichText text={e.body} /> : null}
          {e.type === "video" ? (
            <Link to={`/helpbook/${e.name}/video`} className="self-start text-accent underline">
              {t("helpbook.watch")}
              {e.video_name && e.video_size_bytes
                ? ` (${t("helpbook.video.size", { name: e.video_name, size: formatFileSize(e.video_size_bytes) })})`
                : ""}
            </Link>
          ) : null}
          {e.image_entry || e.video_entry ? (
            <aside aria-labelledby="see-also" className="flex flex-col gap-3">
              <h2 id="see-also" className="text-lg font-bold">
                {t("helpbook.seeAlso")}
              </h2>
              {e.image_entry?.image_locator ? (
                <figure>
                  <img
                    src={fileUrl(e.image_entry.image_locator)}
                    alt={e.image_entry.image_alt_text ?? ""}
                    className="max-w-full rounded-ui"
                  />
                  <figcaption className="mt-1 text-sm text-muted">
                    <Link to={`/helpbook/${e.image_entry.name}`}>{e.image_entry.short_title}</Link>
                  </figcaption>
                </figure>
              ) : null}
              {e.video_entry ? (
                <Link to={`/helpbook/${e.video_entry.name}/video`} className="text-accent underline">
                  {t("helpbook.watch")}: {e.video_entry.short_title}
                </Link>
              ) : null}
            </aside>
          ) : null}
          <FeedbackForm entryId={e.id} />
        </>
      )}
    </article>
  );
}
