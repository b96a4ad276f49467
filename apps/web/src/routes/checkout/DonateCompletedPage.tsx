import { Link } from "react-router";
import { useCheckoutTexts } from "./checkout-texts.ts";

export default function DonateCompletedPage() {
  const t = useCheckoutTexts();
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("donateDone.title")}</h1>
      <p>{t("donateDone.body")}</p>
      <Link to="/" className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text">
        {t("tipDone.back")}
      </Link>
    </section>
  );
}
