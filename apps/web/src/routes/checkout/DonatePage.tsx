import {
  DEFAULT_DONATION_DOLLARS,
  donationBase,
  donationPaths,
  formatMoney,
  paymentFormSchema,
} from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "../../api/client.ts";
import { Button, Field, Input } from "../../components/ui/index.ts";
import {
  donationState,
  storeDonateAmountForLogin,
  takeStoredDonateAmount,
  useDonationState,
} from "../../state/donation.ts";
import { useSession } from "../../state/session.ts";
import { donationCents, donationDollarsSchema } from "./amount-fields.ts";
import { CheckoutFailure, useCheckoutAttempt } from "./checkout-attempt.tsx";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { DonationModal } from "./DonationModal.tsx";
import { PaymentFields, usePaymentForm } from "./PaymentForm.tsx";

/** POST /transactions/donate/purchase's body as typed: the payment form and the amount in dollars. */
const donateFormSchema = paymentFormSchema.extend({ amount: donationDollarsSchema });

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
  // Read once: taking the amount stored before a login clears it.
  const [initial] = useState(() => initialDollars(chosen));
  const form = usePaymentForm(donateFormSchema, { amount: initial });
  const attempt = useCheckoutAttempt(form);
  const amount = donationCents(form.watch("amount"));
  const amountError = form.formState.errors.amount;
  const paths = donationPaths(donationBase(location.pathname));

  // The API takes donations from signed-in users: a visitor signs in and comes back with the amount.
  useEffect(() => {
    if (session) return;
    if (amount !== null) storeDonateAmountForLogin(amount);
    navigate("/login", { replace: true });
  }, [session, amount, navigate]);

  const interacted = () => donationState.update({ hasUserInteracted: true });
  const send = form.handleSubmit(async ({ amount: dollars, ...payment }) => {
    const answer = await attempt.pay((headers) =>
      api.call("POST /transactions/donate/purchase", {
        // The schema let only an amount the domain accepts through.
        body: { amount: donationCents(dollars)!, placement, ...payment },
        headers,
      }),
    );
    if (!answer) return;
    void queryClient.invalidateQueries({ queryKey: ["users", "self"] });
    donationState.update({ amount: answer.donation.amount, hasUserInteracted: false });
    navigate(paths.completed, { replace: true });
  });

  return (
    <DonationModal title={t("donate.title")}>
      <form
        onSubmit={(event) => {
          interacted();
          void send(event);
        }}
        onChange={interacted}
        noValidate
        className="flex flex-col gap-6"
      >
        <p>{t("donate.intro")}</p>
        <Field
          id={`${id}-amount`}
          label={t("donate.amount")}
          error={amountError ? t("donate.invalid") : null}
        >
          {(bindings) => (
            <Input {...bindings} inputMode="decimal" className="max-w-40" {...form.register("amount")} />
          )}
        </Field>
        <PaymentFields form={form} t={t} />
        <CheckoutFailure message={attempt.failure} />
        <Button variant="primary" size="lg" className="self-start" type="submit" disabled={attempt.busy}>
          {attempt.busy
            ? t("pay.paying")
            : t("donate.send", { amount: amount !== null ? formatMoney(amount) : "" })}
        </Button>
      </form>
    </DonationModal>
  );
}
