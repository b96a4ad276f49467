import { LinkButton } from "../../components/ui/index.ts";
import { useAdvertisingTexts } from "./advertising-texts.ts";

/** /advertising/{id}/submitted. */
export default function AdSubmittedPage() {
  const t = useAdvertisingTexts();
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.submitted.title")}</h1>
      <p>{t("ads.submitted.body")}</p>
      <LinkButton variant="primary" to="/advertising/manage">
        {t("ads.submitted.manage")}
      </LinkButton>
    </section>
  );
}
