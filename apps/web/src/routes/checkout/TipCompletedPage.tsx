import { formatMoney } from "@market/domain";
import { useLocation, useParams } from "react-router";
import { LinkButton } from "../../components/ui/index.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { TipModal } from "./TipModal.tsx";

/** Where the summary of a completed tip lives: beside the resource, or on the profile. */
function summaryPathFor(pathname: string, id: string | undefined): string {
  return pathname.startsWith("/resources/") && id
    ? `/resources/${encodeURIComponent(id)}/leave-tip/summary`
    : "/profile/tip-summary";
}

/** /tip/{id}/completed, /tip/completed, /profile/tip-completed and /resources/{id}/leave-tip/completed. */
export default function TipCompletedPage() {
  const t = useCheckoutTexts();
  const location = useLocation();
  const { id } = useParams();
  const sent = location.state as { amount?: number; name?: string; count?: number } | null;
  return (
    <TipModal title={t("tipDone.title")}>
      <div className="flex flex-col items-start gap-4">
        {sent?.amount && sent.name ? (
          <p className="text-lg font-semibold">
            {t("tipDone.sent", { amount: formatMoney(sent.amount), name: sent.name })}
          </p>
        ) : null}
        <p>{t("tipDone.body")}</p>
        <div className="flex flex-wrap gap-3">
          <LinkButton variant="primary" to="/">
            {t("tipDone.back")}
          </LinkButton>
          <LinkButton variant="secondary" to={summaryPathFor(location.pathname, id)}>
            {t("tipDone.summary")}
          </LinkButton>
        </div>
      </div>
    </TipModal>
  );
}
