import { Link } from "react-router";
import { SearchForm } from "../../components/SearchForm.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";

/**
 * A resource that was removed or never existed. A teacher who followed an old link usually wants something
 * like it: the page offers a search and the newest resources, not only the way home.
 */
export default function ResourceNotFoundPage() {
  const t = useCatalogueTexts();
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <SiteBanner imageKey="resource-not-found" className="mb-6" />
      <h1 className="text-3xl font-bold">{t("resourceNotFound.title")}</h1>
      <p className="mt-4 text-muted">{t("resourceNotFound.body")}</p>
      <search className="mt-6 block">
        <SearchForm
          id="not-found-search"
          label={t("resourceNotFound.search")}
          button={t("resourceNotFound.searchButton")}
        />
      </search>
      <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2">
        <Link to="/new" className="font-medium text-accent underline">
          {t("resourceNotFound.new")}
        </Link>
        <Link to="/" className="font-medium text-accent underline">
          {t("resourceNotFound.link")}
        </Link>
      </p>
    </section>
  );
}
