import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { AdSlot } from "../../components/AdSlot.tsx";
import { useGridClear } from "../../components/grid-hooks.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { GridMessage, GridSkeleton, ResourceGrid } from "../../components/ResourceGrid.tsx";
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

const buttonClass = "inline-block rounded-ui bg-accent px-4 py-2 font-medium text-accent-text";

export interface ResourceListPageProps {
  titleKey: CatalogueTextKey;
  sort: ResourceListSort;
  featured?: boolean;
  /** A wide type 4 ad above the grid (the new and featured pages; home has the grid's type 2 cell). */
  bannerAd?: boolean;
  empty: { textKey: CatalogueTextKey; actionKey: CatalogueTextKey; actionTo: string };
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
}: ResourceListPageProps) {
  const t = useCatalogueTexts();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search, sort), [search, sort]);
  const list = resourceListQuery(filters, featured);
  const query = useQuery(list);
  const { shown, clearing } = useGridClear(query.data, JSON.stringify(list.queryKey));
  const filtered = hasActiveFilters(filters);

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
          <button type="button" className={buttonClass} onClick={() => void query.refetch()}>
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
            className={buttonClass}
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
          <Link to={{ search: "" }} className={buttonClass}>
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
          <Link to={empty.actionTo} className={buttonClass}>
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
          clearing={clearing}
          grade={filters.grade ?? undefined}
        />
        <Pagination page={filters.page} total={shown.total} pageSize={PAGE_SIZE} />
      </>
    );
  }

  return (
    <>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t(titleKey)}</h1>
      {bannerAd ? <AdSlot type="4" grade={filters.grade ?? undefined} className="mb-6" /> : null}
      <CatalogueToolbar filters={filters} onChange={change} />
      <p role="status" className="mb-4 min-h-6 text-sm font-medium text-muted">
        {query.data && !query.isPlaceholderData
          ? resultsCountText(query.data.total, query.data.totalIsCapped, {
              one: t("results.one"),
              many: t("results.many"),
              capped: t("results.capped"),
            })
          : null}
      </p>
      <div aria-busy={query.isFetching || clearing}>{body}</div>
    </>
  );
}
