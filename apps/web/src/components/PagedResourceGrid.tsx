import type { ResourceCard } from "@market/domain";
import type { ComponentProps, ReactNode } from "react";
import type { To } from "react-router";
import { useTexts } from "../state/site-config.ts";
import { Pagination } from "./Pagination.tsx";
import { GridMessage, GridSkeleton, ResourceGrid } from "./ResourceGrid.tsx";
import { Button, LinkButton } from "./ui/index.ts";

/** One page of resources as a list answer carries it; `page` where the answer says which page it is. */
export interface ResourcePageData {
  resources: readonly ResourceCard[];
  total: number;
  page?: number;
}

/** What the grid reads of its query (a react-query result fits). */
export interface ResourcePageQuery {
  data: ResourcePageData | undefined;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** A failed grid: the failure, announced, and a way to try again. */
export function GridRetry({ onRetry }: { onRetry: () => void }) {
  const t = useTexts();
  return (
    <GridMessage
      action={
        <Button variant="primary" onClick={onRetry}>
          {t("grid.retry")}
        </Button>
      }
    >
      <span role="alert">{t("grid.error")}</span>
    </GridMessage>
  );
}

/**
 * A paged grid of resources (the catalogue's grids, favorites) in its states: failed with a retry, loading,
 * past the last page (with a link to the first), empty (the page's own message), or the grid and its page
 * links. New results replace the old as they arrive; until then the old stay in view, dimmed (no blank flash).
 */
export function PagedResourceGrid({
  query,
  page,
  pageSize,
  firstPage,
  empty,
  grid,
}: {
  query: ResourcePageQuery;
  /** The page asked for (the URL's): the page links start from it. */
  page: number;
  pageSize: number;
  /** Where the past-the-end message's link goes: the same list at page 1. */
  firstPage: To;
  /** The message (and next step) when the list has nothing at all. */
  empty: ReactNode;
  grid?: Omit<ComponentProps<typeof ResourceGrid>, "resources" | "offset" | "total" | "updating">;
}) {
  const t = useTexts();
  const shown = query.data;
  let body: ReactNode;
  if (query.isError && !shown) {
    body = <GridRetry onRetry={() => void query.refetch()} />;
  } else if (!shown) {
    body = <GridSkeleton count={pageSize} />;
  } else if (shown.resources.length === 0 && shown.total > 0) {
    body = (
      <GridMessage
        action={
          <LinkButton variant="primary" to={firstPage}>
            {t("pagination.first")}
          </LinkButton>
        }
      >
        {t("pagination.pastEnd")}
      </GridMessage>
    );
  } else if (shown.resources.length === 0) {
    body = empty;
  } else {
    body = (
      <>
        <ResourceGrid
          {...grid}
          resources={shown.resources}
          offset={((shown.page ?? page) - 1) * pageSize}
          total={shown.total}
          updating={query.isPlaceholderData}
        />
        <Pagination page={page} total={shown.total} pageSize={pageSize} />
      </>
    );
  }
  return <div aria-busy={query.isFetching}>{body}</div>;
}
