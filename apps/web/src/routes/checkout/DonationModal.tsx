import { donationBase, donationCloseWarns, donationPaths } from "@market/domain";
import { type ReactNode, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Modal } from "../../components/Modal.tsx";
import { Button } from "../../components/ui/index.ts";
import { donationState, useDonationState } from "../../state/donation.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";

/**
 * The donation modal (UX: a dialog over the page with its own URL). Closing warns first on the payment and
 * completion routes or after the user interacted (spec 2, donationCloseWarns); leaving a payment unpaid
 * lands on the family's cancel route, which says nothing was charged.
 */
export function DonationModal({ title, children }: { title: string; children: ReactNode }) {
  const t = useCheckoutTexts();
  const location = useLocation();
  const navigate = useNavigate();
  const { hasUserInteracted } = useDonationState();
  const [confirming, setConfirming] = useState(false);
  const paths = donationPaths(donationBase(location.pathname));
  const onPayment = location.pathname === paths.payment;
  const onCompleted = location.pathname === paths.completed;

  const leave = () => {
    setConfirming(false);
    donationState.reset();
    if (onPayment) navigate(paths.cancel, { replace: true });
    else if (!onCompleted && location.key !== "default") navigate(-1);
    else navigate("/");
  };
  const requestClose = () => {
    if (!confirming && donationCloseWarns({ pathname: location.pathname, hasUserInteracted })) {
      setConfirming(true);
      return;
    }
    leave();
  };

  return (
    <Modal open onClose={requestClose} title={title} closeLabel={t("donation.close")}>
      {confirming ? (
        <div role="alertdialog" aria-label={t("donation.warnTitle")} className="flex flex-col gap-4">
          <p className="font-semibold">{t("donation.warnTitle")}</p>
          <p>{onCompleted ? t("donation.warnDone") : t("donation.warnBody")}</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="primary" onClick={() => setConfirming(false)}>
              {t("donation.stay")}
            </Button>
            <Button variant="secondary" onClick={leave}>
              {t("donation.leave")}
            </Button>
          </div>
        </div>
      ) : (
        children
      )}
    </Modal>
  );
}
