import {
  DEFAULT_DONATION_DOLLARS,
  DONATION_AMOUNTS_DOLLARS,
  donationBase,
  donationPaths,
} from "@market/domain";
import { z } from "@market/domain/zod";
import { useEffect, useId } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, Input } from "../../components/ui/index.ts";
import { donationState, placementFromSearch, storeDonateAmountForLogin } from "../../state/donation.ts";
import { useSession } from "../../state/session.ts";
import { donationCents, otherDonationDollarsSchema } from "./amount-fields.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { DonationModal } from "./DonationModal.tsx";

/** The amount chosen: a preset, or another amount in dollars, which wins when typed. */
const amountSchema = z.object({ preset: z.number(), custom: otherDonationDollarsSchema });

/**
 * /donation, /donate and /resources/{id}/donation: why donations matter and how much to give. A signed-in
 * user goes on to the payment step; a visitor signs in first, and the amount waits for them (spec 4).
 */
export default function DonationStartPage() {
  const t = useCheckoutTexts();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { id: resourceId } = useParams();
  const session = useSession();
  // The problem shows when Continue is pressed, as before any payment step (then as the amount changes).
  const { register, handleSubmit, setValue, watch, formState } = useDomainForm(amountSchema, {
    defaultValues: { preset: DEFAULT_DONATION_DOLLARS, custom: "" },
    mode: "onSubmit",
  });
  const [preset, custom] = watch(["preset", "custom"]);
  const base = resourceId ? "/donate" : donationBase(location.pathname);

  useEffect(() => {
    donationState.update({ placement: placementFromSearch(location.search), hasUserInteracted: false });
  }, [location.search]);

  const interacted = () => donationState.update({ hasUserInteracted: true });

  const next = handleSubmit((chosen) => {
    // The schema let only a preset or an amount the domain accepts through.
    const cents = chosen.custom.trim() === "" ? chosen.preset * 100 : donationCents(chosen.custom)!;
    donationState.update({ amount: cents });
    if (session) {
      navigate(donationPaths(base).payment);
      return;
    }
    storeDonateAmountForLogin(cents);
    navigate("/login");
  });

  return (
    <DonationModal title={t("donate.title")}>
      {/* Logging out lands here as /donation?placement=logout when no ads are shown (spec 4). */}
      <SiteBanner
        imageKey={placementFromSearch(location.search) === "logout" ? "logout" : "donate"}
        className="mb-5"
      />
      <form onSubmit={(e) => void next(e)} noValidate className="flex flex-col gap-5">
        <p>{resourceId ? t("donation.withDownload") : t("donate.intro")}</p>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold">{t("donation.amounts")}</legend>
          <div className="flex flex-wrap gap-2">
            {DONATION_AMOUNTS_DOLLARS.map((dollars) => {
              const chosen = custom === "" && preset === dollars;
              return (
                <Button
                  variant={chosen ? "primary" : "secondary"}
                  key={dollars}
                  aria-pressed={chosen}
                  onClick={() => {
                    setValue("preset", dollars);
                    setValue("custom", "", { shouldValidate: formState.isSubmitted });
                    interacted();
                  }}
                >
                  ${dollars}
                </Button>
              );
            })}
          </div>
          <label htmlFor={`${id}-custom`} className="font-medium">
            {t("donation.custom")}
          </label>
          <Input
            id={`${id}-custom`}
            inputMode="decimal"
            aria-invalid={formState.errors.custom ? true : undefined}
            className="max-w-40"
            {...register("custom", { onChange: interacted })}
          />
        </fieldset>
        {formState.errors.custom ? (
          <p role="alert" className="text-danger">
            {t("donate.invalid")}
          </p>
        ) : null}
        {session ? null : <p className="text-sm text-muted">{t("donation.signInFirst")}</p>}
        <Button variant="primary" size="lg" className="self-start" type="submit">
          {t("donation.continue")}
        </Button>
      </form>
    </DonationModal>
  );
}
