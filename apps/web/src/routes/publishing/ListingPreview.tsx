import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ResourceTile } from "../../components/ResourceTile.tsx";
import { chooseTileColor, tilePalette } from "../../components/tile-colors.ts";
import { Button, Card, EmptyState, LinkButton, Skeleton } from "../../components/ui/index.ts";
import { useColors } from "../../state/site-config.ts";
import { ResourceView } from "../resources/ResourcePage.tsx";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { asTeacherSees, cardFromDetail } from "./listing-preview.ts";
import type { PublishingTexts } from "./publishing-texts.ts";

/**
 * Before submitting: the catalogue card and the resource's page as teachers will see them, drawn by the
 * real ResourceTile and resource page from the server's own answer for the page, so what the creator
 * checks is what will be listed. Nothing in it can be pressed (it is inert); the real page, which its
 * creator may already open, is one link away for a closer look and for screen readers.
 */
export function ListingPreview({
  resourceId,
  name,
  t,
}: {
  resourceId: string;
  name: string;
  t: PublishingTexts;
}) {
  const palette = tilePalette(useColors());
  // Always asked again: the creator has just changed what it shows.
  const detail = useQuery({ ...resourceDetailQuery(resourceId), refetchOnMount: "always" });
  const path = `/resources/${encodeURIComponent(name)}`;
  const [wholePage, setWholePage] = useState(false);

  let body: ReactNode;
  if (detail.data) {
    const resource = asTeacherSees(detail.data);
    const card = cardFromDetail(resource);
    body = (
      <>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <figure className="flex w-full max-w-64 flex-col gap-2">
            <figcaption className="text-sm font-semibold text-muted">{t("preview.card")}</figcaption>
            <ul inert className="grid">
              <ResourceTile resource={card} paint={chooseTileColor(0, card, palette)} />
            </ul>
          </figure>
          <div className="flex max-w-sm flex-col items-start gap-3 sm:pt-7">
            <p className="text-sm text-muted">{t("preview.cardNote")}</p>
            <LinkButton variant="secondary" size="sm" to={path} target="_blank">
              {t("preview.open")}
            </LinkButton>
          </div>
        </div>
        <figure className="flex flex-col gap-2">
          <figcaption className="text-sm font-semibold text-muted">{t("preview.page")}</figcaption>
          <div className="relative">
            <Card
              inert
              id={`${resourceId}-page-preview`}
              className={`overflow-hidden ${wholePage ? "" : "max-h-[32rem]"}`}
            >
              <ResourceView resource={resource} preview />
            </Card>
            {wholePage ? null : (
              <div
                aria-hidden="true"
                className="pointer-events-none absolute inset-x-px bottom-px hidden h-24 rounded-b-card md:block bg-linear-to-t from-paper to-transparent"
              />
            )}
          </div>
          {/* The page is long: its top is what most creators check, the rest is one press away. */}
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            aria-expanded={wholePage}
            aria-controls={`${resourceId}-page-preview`}
            onClick={() => setWholePage((shown) => !shown)}
          >
            {wholePage ? t("preview.lessPage") : t("preview.wholePage")}
          </Button>
        </figure>
      </>
    );
  } else if (detail.isError) {
    body = (
      <EmptyState
        tone="error"
        title={t("preview.failed")}
        action={
          <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
            {t("publishing.retry")}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div aria-busy="true" className="flex flex-col gap-4">
        <p role="status" className="sr-only">
          {t("preview.loading")}
        </p>
        <Skeleton className="aspect-square w-full max-w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return (
    <section aria-labelledby="listing-preview" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id="listing-preview" className="text-lg font-semibold">
          {t("preview.title")}
        </h3>
        <p className="max-w-prose text-muted">{t("preview.intro")}</p>
      </div>
      {body}
    </section>
  );
}
