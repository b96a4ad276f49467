import { Link } from "react-router";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";

export default function ResourceNotFoundPage() {
  const t = useCatalogueTexts();
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <SiteBanner imageKey="resource-not-found" className="mb-6" />
      <h1 className="text-3xl font-bold">{t("resourceNotFound.title")}</h1>
      <p className="mt-4 text-muted">{t("resourceNotFound.body")}</p>
      <p className="mt-6">
        <Link to="/" className="font-medium text-accent underline">
          {t("resourceNotFound.link")}
        </Link>
      </p>
    </section>
  );
}
