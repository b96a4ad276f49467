import {
  checkDonationAmountCents,
  DEFAULT_DONATION_DOLLARS,
  type DonateResponse,
  donationBase,
  donationPaths,
  formatMoney,
  parseDollars,
} from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
import {
  donationState,
  storeDonateAmountForLogin,
  takeStoredDonateAmount,
  useDonationState,
} from "../../state/donation.ts";
import { useSession } from "../../state/session.ts";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { DonationModal } from "./DonationModal.tsx";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";

/** The amount to start from: the one chosen a step earlier, one stored before a login, or our default. */
function initialDollars(chosen: number | null): string {
  const cents = chosen ?? takeStoredDonateAmount() ?? DEFAULT_DONATION_DOLLARS * 100;
  return (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);
}

/**
 * /donate/payment and /donation/payment: a donation to the site with the payment form. It sets the
 * donor's donation_date; with donatedAdFreeMode on, donors see no ads.
 */
export default function DonatePage() {
  const t = useCheckoutTexts();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const { amount: chosen, placement } = useDonationState();
  const form = usePaymentForm();
  const [dollars, setDollars] = useState(() => initialDollars(chosen));
  const attempt = useCheckoutAttempt(form);
  const amount = parseDollars(dollars);
  const valid = amount !== null && checkDonationAmountCents(amount) === null;
  const paths = donationPaths(donationBase(location.pathname));

  // The API takes donations from signed-in users: a visitor signs in and comes back with the amount.
  useEffect(() => {
    if (session) return;
    if (amount !== null && valid) storeDonateAmountForLogin(amount);
    navigate("/login", { replace: true });
  }, [session, amount, valid, navigate]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    donationState.update({ hasUserInteracted: true });
    if (!valid) {
      attempt.setFailure(t("donate.invalid"));
      return;
    }
    if (!form.isValid) return;
    const answer = await attempt.pay((headers) =>
      api.post<DonateResponse>(
        "/transactions/donate/purchase",
        { amount, placement, ...form.body() },
        { headers },
      ),
    );
    if (!answer) return;
    void queryClient.invalidateQueries({ queryKey: ["users", "self"] });
    donationState.update({ amount: answer.donation.amount, hasUserInteracted: false });
    navigate(paths.completed, { replace: true });
  };

  return (
    <DonationModal title={t("donate.title")}>
      <form
        onSubmit={(e) => void send(e)}
        onChange={() => donationState.update({ hasUserInteracted: true })}
        noValidate
        className="flex flex-col gap-6"
      >
        <p>{t("donate.intro")}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-amount`} className="font-medium">
            {t("donate.amount")}
          </label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            value={dollars}
            onChange={(e) => setDollars(e.target.value)}
            className="w-40 rounded-ui border border-line bg-paper px-3 py-2"
          />
        </div>
        <PaymentFields form={form} t={t} />
        <CheckoutFailure message={attempt.failure} />
        <Button variant="primary" size="lg" className="self-start" type="submit" disabled={attempt.busy}>
          {attempt.busy
            ? t("pay.paying")
            : t("donate.send", { amount: valid && amount !== null ? formatMoney(amount) : "" })}
        </Button>
      </form>
    </DonationModal>
  );
}
