import { formatMoney } from "@market/domain";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { AdFormatList } from "./AdFormatList.tsx";
import { useAdvertisingTexts } from "./advertising-texts.ts";

/** /advertising: what advertising here offers, from $1 a day, and the five formats with where each shows. */
export default function AdvertisingPage() {
  const t = useAdvertisingTexts();
  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey="advertising" />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.about.title")}</h1>
      <p className="max-w-prose">{t("ads.about.intro", { price: formatMoney(100) })}</p>
      <div className="flex flex-wrap gap-3">
        <LinkButton variant="primary" to="/advertising/create">
          {t("ads.about.create")}
        </LinkButton>
        <LinkButton variant="secondary" to="/advertising/manage">
          {t("ads.about.manage")}
        </LinkButton>
      </div>
      <h2 className="text-xl font-bold">{t("ads.about.formatsTitle")}</h2>
      <AdFormatList headingLevel={3} />
    </section>
  );
}
