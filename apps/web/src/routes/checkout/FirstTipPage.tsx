import { TIP_AMOUNTS_DOLLARS, TIP_MULTIPLE_MAX_RECIPIENTS } from "@market/domain";
import { Link } from "react-router";
import { useSiteSettings } from "../../state/site-config.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";

/** /first-tip: how tipping works, before a first tip (public, so a visitor can read it too). */
export default function FirstTipPage() {
  const t = useCheckoutTexts();
  const settings = useSiteSettings();
  const keeps = 100 - (settings?.tipFeePercent ?? 0);
  return (
    <section className="flex max-w-2xl flex-col gap-5">
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
        <Link to="/following" className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text">
          {t("firstTip.following")}
        </Link>
        <Link to="/" className="rounded-ui border border-line px-4 py-2">
          {t("tipDone.back")}
        </Link>
      </div>
    </section>
  );
}
