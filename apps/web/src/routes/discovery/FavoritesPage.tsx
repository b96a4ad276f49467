import { GRID } from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import type { ResourcePage } from "../../api/types.ts";
import { useGridClear } from "../../components/grid-hooks.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { GridMessage, GridSkeleton, ResourceGrid } from "../../components/ResourceGrid.tsx";
import { FAVORITES_KEY } from "../../state/engagement.ts";
import { useSession } from "../../state/session.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { pageFromSearch } from "../catalogue/filters.ts";

const PAGE_SIZE = GRID.pageCells;
const buttonClass = "inline-block rounded-ui bg-accent px-4 py-2 font-medium text-accent-text";

/** /favorites: the signed-in user's favorites as a grid with real page links. */
export default function FavoritesPage() {
  const t = useCatalogueTexts();
  const session = useSession();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const query = useQuery({
    queryKey: [...FAVORITES_KEY, session?.claims.sub ?? "", page],
    queryFn: ({ signal }) =>
      api.get<ResourcePage>("/users/self/favorites", { query: { page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled: session !== null,
  });
  const { shown, clearing } = useGridClear(query.data, String(page));

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
          <Link to={{ search: "" }} className={buttonClass}>
            {t("pagination.first")}
          </Link>
        }
      >
        {t("pagination.pastEnd")}
      </GridMessage>
    );
  } else if (shown.resources.length === 0) {
    body = (
      <GridMessage
        action={
          <Link to="/" className={buttonClass}>
            {t("favorites.browse")}
          </Link>
        }
      >
        <strong className="block text-lg">{t("favorites.empty")}</strong>
        <span className="mt-2 block text-muted">{t("favorites.emptyBody")}</span>
      </GridMessage>
    );
  } else {
    body = (
      <>
        <ResourceGrid
          showAds={false}
          resources={shown.resources}
          offset={(page - 1) * PAGE_SIZE}
          total={shown.total}
          clearing={clearing}
        />
        <Pagination page={page} total={shown.total} pageSize={PAGE_SIZE} />
      </>
    );
  }

  return (
    <>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t("favorites.title")}</h1>
      <div aria-busy={query.isFetching || clearing}>{body}</div>
    </>
  );
}
