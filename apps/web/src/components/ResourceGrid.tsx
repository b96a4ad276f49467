import type { ResourceCard } from "@market/domain";
import type { ReactNode } from "react";
import { useColors, useTexts } from "../state/site-config.ts";
import { ResourceTile } from "./ResourceTile.tsx";
import { chooseTileColor, tilePalette } from "./tile-colors.ts";

/** Responsive for now; the spec's exact cells-per-row math arrives with the grid issue. */
const gridClass = "grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-4 sm:gap-6";

export function ResourceGrid({
  resources,
  offset = 0,
}: {
  resources: readonly ResourceCard[];
  offset?: number;
}) {
  const palette = tilePalette(useColors());
  return (
    <ul className={gridClass}>
      {resources.map((resource, index) => (
        <ResourceTile
          key={resource.id}
          resource={resource}
          paint={chooseTileColor(offset + index, resource, palette)}
        />
      ))}
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
      <ul aria-hidden="true" className={gridClass}>
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
