import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { fileUrl } from "../../api/client.ts";
import { helpQueries } from "./help-api.ts";
import { useHelpTexts } from "./help-texts.ts";

/** /helpbook/{id}/video: plays a video entry's MP4 or WebM file. */
export default function HelpVideoPage() {
  const t = useHelpTexts();
  const { id = "" } = useParams();
  const entry = useQuery(helpQueries.entry(id));
  if (entry.isPending) return <p role="status">Loading…</p>;
  const e = entry.data;
  return (
    <section className="flex max-w-4xl flex-col gap-4">
      <Link to={e ? `/helpbook/${e.name}` : "/helpbook"} className="text-sm text-accent underline">
        {e ? e.short_title : t("helpbook.back")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {e ? e.long_title || e.short_title : t("helpbook.title")}
      </h1>
      {!e ? (
        <p role="alert">{t("helpbook.notFound")}</p>
      ) : e.type === "video" && e.video_locator ? (
        // biome-ignore lint/a11y/useMediaCaption: help videos are uploaded without caption tracks; the entry's text says the same
        <video
          src={fileUrl(e.video_locator)}
          controls
          preload="metadata"
          className="w-full rounded-ui bg-ink"
          aria-label={e.short_title}
          poster={e.image_locator ? fileUrl(e.image_locator) : undefined}
        />
      ) : (
        <p>{t("helpbook.video.missing")}</p>
      )}
    </section>
  );
}
