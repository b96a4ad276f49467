import { TIP_AMOUNTS_DOLLARS, TIP_MULTIPLE_MAX_RECIPIENTS } from "@market/domain";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";

/** /first-tip: how tipping works, before a first tip (public, so a visitor can read it too). */
export default function FirstTipPage() {
  const t = useCheckoutTexts();
  const settings = useSiteSettings();
  const keeps = 100 - settings.tipFeePercent;
  return (
    <section className="flex max-w-2xl flex-col gap-5">
      <SiteBanner imageKey="first-tip" />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("firstTip.title")}</h1>
      <p>{t("firstTip.intro")}</p>
      <ul className="flex list-disc flex-col gap-2 pl-6">
        <li>{t("firstTip.amounts", { amounts: TIP_AMOUNTS_DOLLARS.map((d) => `$${d}`).join(", ") })}</li>
        <li>{t("firstTip.keeps", { percent: String(keeps) })}</li>
        <li>{t("firstTip.oncePerDay")}</li>
        <li>{t("firstTip.several", { count: String(TIP_MULTIPLE_MAX_RECIPIENTS) })}</li>
        <li>{t("firstTip.card")}</li>
      </ul>
      <div className="flex flex-wrap gap-3">
        <LinkButton variant="primary" to="/following">
          {t("firstTip.following")}
        </LinkButton>
        <LinkButton variant="secondary" to="/">
          {t("tipDone.back")}
        </LinkButton>
      </div>
    </section>
  );
}
