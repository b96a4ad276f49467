import { GRID } from "@market/domain";
import { api } from "../../api/client.ts";
import { PagedResourceGrid } from "../../components/PagedResourceGrid.tsx";
import { GridMessage } from "../../components/ResourceGrid.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { FAVORITES_KEY } from "../../state/engagement.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { useOwnListPage } from "./own-list-page.ts";

const PAGE_SIZE = GRID.pageCells;

/** /favorites: the signed-in user's favorites as a grid with real page links. */
export default function FavoritesPage() {
  const t = useCatalogueTexts();
  const { page, query } = useOwnListPage(FAVORITES_KEY, (page, signal) =>
    api.call("GET /users/self/favorites", { query: { page, pageSize: PAGE_SIZE }, signal }),
  );
  return (
    <>
      <SiteBanner imageKey="favorites" className="mb-6" />
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t("favorites.title")}</h1>
      <PagedResourceGrid
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        firstPage={{ search: "" }}
        empty={
          <GridMessage
            action={
              <LinkButton variant="primary" to="/">
                {t("favorites.browse")}
              </LinkButton>
            }
          >
            <strong className="block text-lg">{t("favorites.empty")}</strong>
            <span className="mt-2 block text-muted">{t("favorites.emptyBody")}</span>
          </GridMessage>
        }
        grid={{ showAds: false }}
      />
    </>
  );
}
