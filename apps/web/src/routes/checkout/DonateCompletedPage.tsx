import { formatMoney } from "@market/domain";
import { LinkButton } from "../../components/ui/index.ts";
import { useDonationState } from "../../state/donation.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { DonationModal } from "./DonationModal.tsx";

/** /donate/completed and /donation/payment/completed. */
export default function DonateCompletedPage() {
  const t = useCheckoutTexts();
  const { amount } = useDonationState();
  return (
    <DonationModal title={t("donateDone.title")}>
      <div className="flex flex-col items-start gap-4">
        <p>
          {amount ? t("donateDone.amount", { amount: formatMoney(amount) }) : null} {t("donateDone.body")}
        </p>
        <LinkButton variant="primary" to="/">
          {t("tipDone.back")}
        </LinkButton>
      </div>
    </DonationModal>
  );
}
