import { Link } from "react-router";
import { useHelpTexts } from "./help-texts.ts";

/** /terms-accepted: confirms that the updated terms of service were accepted. */
export default function TermsAcceptedPage() {
  const t = useHelpTexts();
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("terms.accepted.title")}</h1>
      <p>{t("terms.accepted.body")}</p>
      <div className="flex flex-wrap gap-4">
        <Link to="/" className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text">
          {t("terms.accepted.home")}
        </Link>
        <Link to="/helpbook" className="rounded-ui border border-line px-4 py-2 font-medium hover:bg-wash">
          {t("helpbook.title")}
        </Link>
      </div>
    </section>
  );
}
