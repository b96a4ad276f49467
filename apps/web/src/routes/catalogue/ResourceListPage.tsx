import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Pagination } from "../../components/Pagination.tsx";
import { GridMessage, GridSkeleton, ResourceGrid } from "../../components/ResourceGrid.tsx";
import { useTexts } from "../../state/site-config.ts";
import { PAGE_SIZE, pageFromSearch, type ResourceListSort, resourceListQuery } from "./resource-list.ts";

const buttonClass = "inline-block rounded-ui bg-accent px-4 py-2 font-medium text-accent-text";

export interface ResourceListPageProps {
  titleKey: string;
  sort: ResourceListSort;
  featured?: boolean;
  empty: { textKey: string; actionKey: string; actionTo: string };
}

/** The grid pages (home, new, featured): four states, and real pagination through ?page= in the URL. */
export function ResourceListPage({ titleKey, sort, featured = false, empty }: ResourceListPageProps) {
  const t = useTexts();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const query = useQuery(resourceListQuery({ page, sort, featured }));

  let body: ReactNode;
  if (query.isPending) {
    body = <GridSkeleton count={PAGE_SIZE} />;
  } else if (query.isError) {
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
  } else if (query.data.resources.length === 0 && query.data.total > 0) {
    body = (
      <GridMessage
        action={
          <Link to={{ search: "" }} className={buttonClass}>
            {t("pagination.first")}
          </Link>
        }
      >
        {t("pagination.pastEnd")}
      </GridMessage>
    );
  } else if (query.data.resources.length === 0) {
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
        <ResourceGrid resources={query.data.resources} offset={(page - 1) * PAGE_SIZE} />
        <Pagination page={page} total={query.data.total} pageSize={PAGE_SIZE} />
      </>
    );
  }

  return (
    <>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t(titleKey)}</h1>
      <div aria-busy={query.isFetching}>{body}</div>
    </>
  );
}
