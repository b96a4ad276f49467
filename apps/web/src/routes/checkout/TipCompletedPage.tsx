import { formatMoney } from "@market/domain";
import { Link, useLocation, useParams } from "react-router";
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
          <Link to="/" className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text">
            {t("tipDone.back")}
          </Link>
          <Link
            to={summaryPathFor(location.pathname, id)}
            className="rounded-ui border border-line px-4 py-2"
          >
            {t("tipDone.summary")}
          </Link>
        </div>
      </div>
    </TipModal>
  );
}
