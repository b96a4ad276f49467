import { donationBase } from "@market/domain";
import { useLocation } from "react-router";
import { LinkButton } from "../../components/ui/index.ts";
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
          <LinkButton variant="primary" to="/">
            {t("tipDone.back")}
          </LinkButton>
          <LinkButton variant="secondary" to={donationBase(location.pathname)}>
            {t("donation.again")}
          </LinkButton>
        </div>
      </div>
    </DonationModal>
  );
}
