import {
  checkDonationAmountCents,
  DEFAULT_DONATION_DOLLARS,
  DONATION_AMOUNTS_DOLLARS,
  donationBase,
  donationPaths,
  parseDollars,
} from "@market/domain";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Button } from "../../components/ui/index.ts";
import { donationState, placementFromSearch, storeDonateAmountForLogin } from "../../state/donation.ts";
import { useSession } from "../../state/session.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { DonationModal } from "./DonationModal.tsx";

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
  const [preset, setPreset] = useState<number>(DEFAULT_DONATION_DOLLARS);
  const [custom, setCustom] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const base = resourceId ? "/donate" : donationBase(location.pathname);

  useEffect(() => {
    donationState.update({ placement: placementFromSearch(location.search), hasUserInteracted: false });
  }, [location.search]);

  const interacted = () => donationState.update({ hasUserInteracted: true });
  const cents = custom.trim() === "" ? preset * 100 : parseDollars(custom);

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (cents === null || checkDonationAmountCents(cents)) {
      setProblem(t("donate.invalid"));
      return;
    }
    donationState.update({ amount: cents });
    if (session) {
      navigate(donationPaths(base).payment);
      return;
    }
    storeDonateAmountForLogin(cents);
    navigate("/login");
  };

  return (
    <DonationModal title={t("donate.title")}>
      {/* Logging out lands here as /donation?placement=logout when no ads are shown (spec 4). */}
      <SiteBanner
        imageKey={placementFromSearch(location.search) === "logout" ? "logout" : "donate"}
        className="mb-5"
      />
      <form onSubmit={next} noValidate className="flex flex-col gap-5">
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
                    setPreset(dollars);
                    setCustom("");
                    setProblem(null);
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
          <input
            id={`${id}-custom`}
            inputMode="decimal"
            value={custom}
            onChange={(e) => {
              setCustom(e.target.value);
              setProblem(null);
              interacted();
            }}
            className="w-40 rounded-ui border border-line bg-paper px-3 py-2"
          />
        </fieldset>
        {problem ? (
          <p role="alert" className="text-danger">
            {problem}
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
