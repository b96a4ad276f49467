import type { SiteImageKey } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { AdSlot } from "../../components/AdSlot.tsx";
import { PagedResourceGrid } from "../../components/PagedResourceGrid.tsx";
import { GridMessage } from "../../components/ResourceGrid.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { CatalogueToolbar } from "./CatalogueToolbar.tsx";
import { type CatalogueTextKey, useCatalogueTexts } from "./catalogue-texts.ts";
import {
  type CatalogueFilters,
  filtersFromSearch,
  hasActiveFilters,
  resultsCountText,
  searchFromFilters,
} from "./filters.ts";
import { PAGE_SIZE, type ResourceListSort, resourceListQuery } from "./resource-list.ts";

export interface ResourceListPageProps {
  titleKey: CatalogueTextKey;
  sort: ResourceListSort;
  featured?: boolean;
  /** A wide type 4 ad above the grid (the new and featured pages; home has the grid's type 2 cell). */
  bannerAd?: boolean;
  empty: { textKey: CatalogueTextKey; actionKey: CatalogueTextKey; actionTo: string };
  /** The page's own title, in place of titleKey's (the home page's "All resources"). */
  title?: string;
  /** 2 where the grid is a section of a page whose h1 is elsewhere (the home page). */
  headingLevel?: 1 | 2;
  /** The page's site image, shown as a banner above its title. */
  banner?: SiteImageKey;
  /** Off where the page has its own search box (the home page's hero). */
  showSearch?: boolean;
  /** Covers loaded at once: the first row's, unless the grid starts below the fold (home, under its shelves). */
  eagerCovers?: number;
}

/**
 * The grid pages (home, new, featured) and their search results: the search box, filters and sort live in the
 * URL (shareable, Back and Forward step through them), with four states and real pagination links.
 */
export function ResourceListPage({
  titleKey,
  sort,
  featured = false,
  bannerAd = false,
  empty,
  title,
  headingLevel = 1,
  banner,
  showSearch = true,
  eagerCovers,
}: ResourceListPageProps) {
  const t = useCatalogueTexts();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search, sort), [search, sort]);
  const list = resourceListQuery(filters, featured);
  const query = useQuery(list);
  const filtered = hasActiveFilters(filters);
  const resultsText = query.data
    ? resultsCountText(query.data.total, query.data.totalIsCapped, {
        one: t("results.one"),
        many: t("results.many"),
        capped: t("results.capped"),
      })
    : null;

  const change = useCallback(
    (next: CatalogueFilters) => {
      const params = searchFromFilters(next, sort);
      // The same results again are not a new history entry.
      if (params.toString() !== searchFromFilters(filters, sort).toString()) setSearch(params);
    },
    [setSearch, sort, filters],
  );

  // A list with no results says why: nothing matches the search and filters, or nothing is published yet.
  const [emptyText, emptyAction, emptyTo] = filtered
    ? [t("results.none"), t("filters.clear"), { search: "" }]
    : [t(empty.textKey), t(empty.actionKey), empty.actionTo];
  const emptyMessage = (
    <GridMessage
      action={
        <LinkButton variant="primary" to={emptyTo}>
          {emptyAction}
        </LinkButton>
      }
    >
      {emptyText}
    </GridMessage>
  );

  return (
    <>
      {banner ? <SiteBanner imageKey={banner} className="mb-6" /> : null}
      {headingLevel === 1 ? (
        <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{title ?? t(titleKey)}</h1>
      ) : (
        <h2 className="mb-4 text-xl font-bold sm:text-2xl">{title ?? t(titleKey)}</h2>
      )}
      {bannerAd ? <AdSlot type="4" grade={filters.grade ?? undefined} className="mb-6" /> : null}
      <CatalogueToolbar
        filters={filters}
        onChange={change}
        showSearch={showSearch}
        resultsText={resultsText ?? undefined}
      />
      <p role="status" className="mb-4 min-h-6 text-sm font-medium text-muted">
        {query.data && !query.isPlaceholderData ? resultsText : null}
      </p>
      <PagedResourceGrid
        query={query}
        page={filters.page}
        pageSize={PAGE_SIZE}
        firstPage={{ search: searchFromFilters({ ...filters, page: 1 }, sort).toString() }}
        empty={emptyMessage}
        grid={{ grade: filters.grade ?? undefined, eagerCovers }}
      />
    </>
  );
}
