import { LinkButton } from "../../components/ui/index.ts";
import { useHelpTexts } from "./help-texts.ts";

/** /terms-accepted: confirms that the updated terms of service were accepted. */
export default function TermsAcceptedPage() {
  const t = useHelpTexts();
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("terms.accepted.title")}</h1>
      <p>{t("terms.accepted.body")}</p>
      <div className="flex flex-wrap gap-4">
        <LinkButton variant="primary" to="/">
          {t("terms.accepted.home")}
        </LinkButton>
        <LinkButton variant="secondary" to="/helpbook">
          {t("helpbook.title")}
        </LinkButton>
      </div>
    </section>
  );
}
