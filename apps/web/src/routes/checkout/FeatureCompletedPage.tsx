import type { FeatureResponse } from "@market/domain";
import { Link, useLocation, useParams } from "react-router";
import { formatIsoDate } from "../../components/format.ts";
import { LinkButton } from "../../components/ui/index.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";

/** /resources/{id}/feature/completed. */
export default function FeatureCompletedPage() {
  const t = useCheckoutTexts();
  const { id = "" } = useParams();
  const answer = useLocation().state as FeatureResponse | null;
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("featureDone.title")}</h1>
      <p>
        {answer ? t("featureDone.body", { date: formatIsoDate(answer.featuredUntil.slice(0, 10)) }) : null}
      </p>
      <LinkButton variant="primary" to="/featured">
        {t("featureDone.see")}
      </LinkButton>
      <Link to={`/resources/${encodeURIComponent(answer?.resourceName ?? id)}`} className="underline">
        {t("gift.open")}
      </Link>
    </section>
  );
}
