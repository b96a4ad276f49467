import { AD_IMAGE_RULES, AD_TYPES, adTextLimit, formatMoney } from "@market/domain";
import { Link } from "react-router";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { useAdvertisingTexts } from "./advertising-texts.ts";

/** /advertising: what advertising here offers, from $1 a day, and the five types as they will look. */
export default function AdvertisingPage() {
  const settings = useSiteSettings();
  const t = useAdvertisingTexts();
  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey="advertising" />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.about.title")}</h1>
      <p className="max-w-prose">{t("ads.about.intro", { price: formatMoney(100) })}</p>
      <div className="flex gap-3">
        <LinkButton variant="primary" to="/advertising/create">
          {t("ads.about.create")}
        </LinkButton>
        <LinkButton variant="secondary" to="/advertising/manage">
          {t("ads.about.manage")}
        </LinkButton>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("ads.about.types")}>
        {AD_TYPES.map((type) => {
          const min = AD_IMAGE_RULES.minimum[type];
          return (
            <li key={type} className="flex flex-col gap-2 rounded-ui border border-line p-4">
              <h2 className="font-semibold">{t("ads.about.type", { type })}</h2>
              <p>{t(`ads.about.shape.${type}`)}</p>
              <div
                aria-hidden="true"
                className="rounded-ui bg-wash"
                style={{ aspectRatio: `${min.width} / ${min.height}`, maxHeight: "8rem" }}
              />
              <p className="text-sm text-muted">
                {t("ads.about.rules", {
                  width: String(min.width),
                  height: String(min.height),
                  max: String(adTextLimit("title", type).max),
                  price: formatMoney((settings?.adMinimums[type]?.spendPerDay ?? 1) * 100),
                })}
              </p>
              <Link to={`/advertising/new-${type}`} className="self-start underline">
                {t("ads.about.createType", { type })}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
