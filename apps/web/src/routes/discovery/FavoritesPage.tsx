import { GRID } from "@market/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import type { ResourcePage } from "../../api/types.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { GridMessage, GridSkeleton, ResourceGrid } from "../../components/ResourceGrid.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { buttonClass } from "../../components/ui/index.ts";
import { FAVORITES_KEY } from "../../state/engagement.ts";
import { useSession } from "../../state/session.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { pageFromSearch } from "../catalogue/filters.ts";

const PAGE_SIZE = GRID.pageCells;

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
  // New results replace the old as they arrive; until then the old stay in view, dimmed (no blank flash).
  const shown = query.data;
  const updating = query.isPlaceholderData;

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
          <Link to={{ search: "" }} className={buttonClass()}>
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
          <Link to="/" className={buttonClass()}>
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
          updating={updating}
        />
        <Pagination page={page} total={shown.total} pageSize={PAGE_SIZE} />
      </>
    );
  }

  return (
    <>
      <SiteBanner imageKey="favorites" className="mb-6" />
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t("favorites.title")}</h1>
      <div aria-busy={query.isFetching}>{body}</div>
    </>
  );
}
