import { donationBase } from "@market/domain";
import { Link, useLocation } from "react-router";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { DonationModal } from "./DonationModal.tsx";

/** /donation/cancel and /donate/cancel: the donation was left unpaid; nothing was charged. */
export default function DonationCancelPage() {
  const t = useCheckoutTexts();
  const location = useLocation();
  return (
    <DonationModal title={t("donation.canceledTitle")}>
      <div className="flex flex-col items-start gap-4">
        <p>{t("donation.canceledBody")}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/" className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text">
            {t("tipDone.back")}
          </Link>
          <Link to={donationBase(location.pathname)} className="rounded-ui border border-line px-4 py-2">
            {t("donation.again")}
          </Link>
        </div>
      </div>
    </DonationModal>
  );
}
