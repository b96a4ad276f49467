import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import type { QueryValue } from "../api/client.ts";
import { SHELF_COVER_SIZES } from "../api/image-urls.ts";
import { shelfQuery } from "../routes/catalogue/resource-list.ts";
import { useFavoriteIds } from "../state/engagement.ts";
import { useColors } from "../state/site-config.ts";
import { ResourceTile, ResourceTileSkeleton } from "./ResourceTile.tsx";
import { chooseTileColor, tilePalette } from "./tile-colors.ts";

const PLACEHOLDERS = ["a", "b", "c", "d"] as const;

/**
 * A titled row of a few resources (the home page's featured and new), with a link to the whole list. On a
 * phone the row scrolls sideways, two cards in view; from a tablet up it is a row of four. Nothing is
 * shown when the list is empty, and the space is held while it loads (no shift).
 */
export function ResourceShelf({
  title,
  query,
  seeAllTo,
  seeAllLabel,
  eagerCovers = 2,
}: {
  title: string;
  query: Record<string, QueryValue>;
  seeAllTo: string;
  seeAllLabel: string;
  /** Covers loaded at once: the two in view on a phone, or none for a shelf below the fold. */
  eagerCovers?: number;
}) {
  const headingId = useId();
  const palette = tilePalette(useColors());
  const favorites = useFavoriteIds();
  const list = useQuery(shelfQuery(query));
  if (list.data && list.data.resources.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
          {title}
        </h2>
        <Link to={seeAllTo} className="text-sm font-semibold text-ink underline-offset-4 hover:underline">
          {seeAllLabel}
          <span className="sr-only">: {title}</span>
        </Link>
      </div>
      <ul className="-mx-4 grid snap-x snap-mandatory scroll-px-4 auto-cols-[minmax(9.5rem,46%)] grid-flow-col gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:auto-cols-auto sm:grid-flow-row sm:grid-cols-4 sm:gap-5 sm:overflow-visible sm:px-0">
        {list.data
          ? list.data.resources.map((resource, index) => (
              <ResourceTile
                key={resource.id}
                resource={resource}
                paint={chooseTileColor(index, resource, palette)}
                favorited={favorites.has(resource.id)}
                className="snap-start"
                priority={index < eagerCovers}
                sizes={SHELF_COVER_SIZES}
                from={seeAllTo}
              />
            ))
          : PLACEHOLDERS.map((key) => <ResourceTileSkeleton key={key} className="snap-start" />)}
      </ul>
    </section>
  );
}
