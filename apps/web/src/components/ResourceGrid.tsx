import type { ResourceCard } from "@market/domain";
import { type ReactNode, useRef } from "react";
import { useAdsShown } from "../state/ads.ts";
import { useColors, useTexts } from "../state/site-config.ts";
import { AdSlot } from "./AdSlot.tsx";
import { useElementWidth } from "./grid-hooks.ts";
import { planGrid } from "./grid-plan.ts";
import { ResourceTile } from "./ResourceTile.tsx";
import { chooseTileColor, tilePalette } from "./tile-colors.ts";

/** Narrow screens (cells per row 0): the browser flows the cells, two or more to a row. */
const flowClass = "grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-4";
const gridClass = "grid gap-4 sm:gap-6";
const NO_COLOR_RULES: Pick<ResourceCard, "backgroundColor" | "excluded_colors"> = {
  backgroundColor: null,
  excluded_colors: [],
};

/**
 * The grid of resources (spec 2): its container's width decides the cells per row (the domain's cellsPerRow),
 * the last row is completed with empty cells, and `total` (all results, not just this page) decides the ad cell.
 */
export function ResourceGrid({
  resources,
  offset = 0,
  total,
  clearing = false,
  showAds,
  grade,
}: {
  resources: readonly ResourceCard[];
  offset?: number;
  total?: number;
  /** Whether the extra ad cell may appear (default: the grids carry it); off for favorites and following. */
  showAds?: boolean;
  /** The grade the grid is filtered by, for the ad's grade targeting. */
  grade?: string;
  /** The cells are fading out because the results changed. */
  clearing?: boolean;
}) {
  const palette = tilePalette(useColors());
  const ref = useRef<HTMLUListElement>(null);
  const width = useElementWidth(ref);
  const adsShown = useAdsShown();
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
      className={`${plan.columns === 0 ? flowClass : gridClass} transition-opacity duration-700 ${clearing ? "opacity-0" : "opacity-100"}`}
      style={
        plan.columns > 0 ? { gridTemplateColumns: `repeat(${plan.columns}, minmax(0, 1fr))` } : undefined
      }
    >
      {resources.map((resource, index) => (
        <ResourceTile
          key={resource.id}
          resource={resource}
          paint={chooseTileColor(offset + index, resource, palette)}
        />
      ))}
      {plan.adCell ? <AdSlot grade={grade} as="li" /> : null}
      {Array.from({ length: plan.fillCells }, (_, index) => {
        const paint = chooseTileColor(offset + resources.length + index, NO_COLOR_RULES, palette);
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: row-fill cells have no identity but their position
            key={`fill-${index}`}
            aria-hidden="true"
            data-row-fill=""
            className="min-h-24 rounded-ui opacity-40"
            style={{ background: paint.background }}
          />
        );
      })}
    </ul>
  );
}

export function GridSkeleton({ count }: { count: number }) {
  const t = useTexts();
  return (
    <div>
      <p role="status" className="sr-only">
        {t("grid.loading")}
      </p>
      <ul aria-hidden="true" className="grid grid-cols-2 gap-4 sm:grid-cols-4 sm:gap-6">
        {Array.from({ length: count }, (_, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            key={index}
            className="flex animate-pulse flex-col overflow-hidden rounded-ui bg-wash"
          >
            <div className="aspect-[346/448] w-full bg-line" />
            <div className="flex flex-col gap-2 p-3">
              <div className="h-4 w-4/5 rounded-ui bg-line" />
              <div className="h-3 w-1/3 rounded-ui bg-line" />
              <div className="h-4 w-1/4 rounded-ui bg-line" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function GridMessage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg rounded-ui border border-line px-6 py-10 text-center">
      <p>{children}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
