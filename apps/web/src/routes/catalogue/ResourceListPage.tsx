import type { SiteImageKey } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { AdSlot } from "../../components/AdSlot.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { GridMessage, GridSkeleton, ResourceGrid } from "../../components/ResourceGrid.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { buttonClass } from "../../components/ui/index.ts";
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
  // New results replace the old as they arrive; until then the old stay in view, dimmed (no blank flash).
  const shown = query.data;
  const updating = query.isPlaceholderData;
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

  let body: ReactNode;
  if (query.isError && !shown) {
    body = (
      <GridMessage
        action={
          <button type="button" className={buttonClass()} onClick={() => void query.refetch()}>
            {t("grid.retry")}
          </button>
        }
      >
        <span role="alert">{t("grid.error")}</span>
      </GridMessage>
    );
  } else if (!shown) {
    body = <GridSkeleton count={PAGE_SIZE} />;
  } else if (shown.resources.length === 0 && shown.total > 0) {
    body = (
      <GridMessage
        action={
          <Link
            to={{ search: searchFromFilters({ ...filters, page: 1 }, sort).toString() }}
            className={buttonClass()}
          >
            {t("pagination.first")}
          </Link>
        }
      >
        {t("pagination.pastEnd")}
      </GridMessage>
    );
  } else if (shown.resources.length === 0 && filtered) {
    body = (
      <GridMessage
        action={
          <Link to={{ search: "" }} className={buttonClass()}>
            {t("filters.clear")}
          </Link>
        }
      >
        {t("results.none")}
      </GridMessage>
    );
  } else if (shown.resources.length === 0) {
    body = (
      <GridMessage
        action={
          <Link to={empty.actionTo} className={buttonClass()}>
            {t(empty.actionKey)}
          </Link>
        }
      >
        {t(empty.textKey)}
      </GridMessage>
    );
  } else {
    body = (
      <>
        <ResourceGrid
          resources={shown.resources}
          offset={(shown.page - 1) * PAGE_SIZE}
          total={shown.total}
          updating={updating}
          grade={filters.grade ?? undefined}
          eagerCovers={eagerCovers}
        />
        <Pagination page={filters.page} total={shown.total} pageSize={PAGE_SIZE} />
      </>
    );
  }

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
      <div aria-busy={query.isFetching}>{body}</div>
    </>
  );
}
