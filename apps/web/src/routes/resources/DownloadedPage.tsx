import { Link, useParams } from "react-router";
import { AdSlot } from "../../components/AdSlot.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";

/** /resources/{id}/downloaded and /resources/{id}/success: thanks for the download, with the way back. */
export default function DownloadedPage() {
  const t = useCatalogueTexts();
  const { id = "" } = useParams();
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-3xl font-bold">{t("downloaded.title")}</h1>
      <p className="mt-4 text-muted">{t("downloaded.body")}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        <LinkButton to={`/resources/${encodeURIComponent(id)}`}>{t("downloaded.back")}</LinkButton>
        <LinkButton to="/" variant="secondary">
          {t("downloaded.browse")}
        </LinkButton>
        <LinkButton to="/profile/purchases" variant="ghost">
          {t("resource.library")}
        </LinkButton>
      </p>
      <p className="mt-6 text-sm">
        <Link to={`/resources/${encodeURIComponent(id)}/donation`} className="underline">
          {t("downloaded.donate")}
        </Link>
      </p>
      {/* A large square (type 5) fits the room a finished download leaves. */}
      <AdSlot type="5" className="mx-auto mt-10 max-w-sm text-left" />
    </section>
  );
}
