import type { ResourceCard } from "@market/domain";
import type { ReactNode } from "react";
import { useRef } from "react";
import { useAdsShown } from "../state/ads.ts";
import { useFavoriteIds } from "../state/engagement.ts";
import { useSession } from "../state/session.ts";
import { useColors, useTexts } from "../state/site-config.ts";
import { AdSlot } from "./AdSlot.tsx";
import { useElementWidth } from "./grid-hooks.ts";
import { planGrid } from "./grid-plan.ts";
import { ResourceTile, ResourceTileSkeleton } from "./ResourceTile.tsx";
import { chooseTileColor, tilePalette } from "./tile-colors.ts";
import { EmptyState, LinkButton } from "./ui/index.ts";

/** Narrow screens (cells per row 0): the browser flows the cells, two to a row on a phone. */
const flowClass = "grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3 sm:gap-4";
const gridClass = "grid gap-5";

/**
 * The grid of resources (spec 2): its container's width decides the cells per row (the domain's cellsPerRow),
 * the last row is completed (row fill), and `total` (all results, not just this page) decides the ad cell.
 * The row fill is deliberate: the first empty cell invites a teacher to publish (the pool's message colour),
 * the rest are quiet outlines, never blocks of colour that read as failed pictures.
 */
export function ResourceGrid({
  resources,
  offset = 0,
  total,
  updating = false,
  showAds,
  grade,
  eagerCovers = 4,
}: {
  resources: readonly ResourceCard[];
  offset?: number;
  total?: number;
  /** Whether the extra ad cell may appear (default: the grids carry it); off for favorites and following. */
  showAds?: boolean;
  /** The grade the grid is filtered by, for the ad's grade targeting. */
  grade?: string;
  /** New results are on their way: these stay in view, dimmed, until they arrive (no blank flash). */
  updating?: boolean;
  /** How many covers load at once (the first row, in view on arrival); 0 where the grid starts below the fold. */
  eagerCovers?: number;
}) {
  const palette = tilePalette(useColors());
  const ref = useRef<HTMLUListElement>(null);
  const width = useElementWidth(ref);
  const adsShown = useAdsShown();
  const favorites = useFavoriteIds();
  const plan = planGrid({
    width,
    cellCount: resources.length,
    total: total ?? resources.length,
    showAds: (showAds ?? true) && adsShown,
  });
  return (
    <ul
      ref={ref}
      data-columns={plan.columns}
      className={`${plan.columns === 0 ? flowClass : gridClass} transition-opacity duration-200 ${updating ? "opacity-60" : "opacity-100"}`}
      style={
        plan.columns > 0 ? { gridTemplateColumns: `repeat(${plan.columns}, minmax(0, 1fr))` } : undefined
      }
    >
      {resources.map((resource, index) => (
        <ResourceTile
          key={resource.id}
          resource={resource}
          paint={chooseTileColor(offset + index, resource, palette)}
          favorited={favorites.has(resource.id)}
          priority={index < eagerCovers}
        />
      ))}
      {plan.adCell ? <AdSlot grade={grade} as="li" /> : null}
      {Array.from({ length: plan.fillCells }, (_, index) =>
        index === 0 ? (
          <PublishInvitation key="fill-invite" />
        ) : (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: row-fill cells have no identity but their position
            key={`fill-${index}`}
            aria-hidden="true"
            data-row-fill=""
            className="rounded-card border border-dashed border-line"
          />
        ),
      )}
    </ul>
  );
}

/** The first row-fill cell: the message tile (the pool's 13th colour), asking teachers to publish. */
function PublishInvitation() {
  const t = useTexts();
  const session = useSession();
  return (
    <li
      data-row-fill=""
      className="flex flex-col justify-center gap-3 rounded-card bg-message p-5 text-message-text"
    >
      <p className="text-lg leading-snug font-bold">{t("grid.fill.title")}</p>
      <p className="text-sm">{t("grid.fill.body")}</p>
      <LinkButton
        to={session ? "/publishing" : "/sign-up"}
        variant="secondary"
        size="sm"
        className="self-start"
      >
        {t("grid.fill.action")}
      </LinkButton>
    </li>
  );
}

/** Cards shaped like the ones on their way. */
export function GridSkeleton({ count }: { count: number }) {
  const t = useTexts();
  return (
    <div>
      <p role="status" className="sr-only">
        {t("grid.loading")}
      </p>
      <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ResourceTileSkeleton key={index} />
        ))}
      </ul>
    </div>
  );
}

export function GridMessage({
  children,
  action,
  tone = "empty",
}: {
  children: ReactNode;
  action?: ReactNode;
  tone?: "empty" | "error";
}) {
  return <EmptyState title={children} action={action} tone={tone} />;
}
