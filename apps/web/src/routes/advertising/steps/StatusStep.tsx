import { type Ad, formatMoney } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../../api/client.ts";
import { Button } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { adStatusText, useAdvertisingTexts } from "../advertising-texts.ts";
import { adKey, missingStepsText } from "./ad-step.ts";

/** The alternate steps, offered from the status step: none is required, each adds to the ad. */
const EXTRA_STEPS = [
  ["discount-code", "ads.wizard.extra.discountCode"],
  ["identity", "ads.wizard.extra.identity"],
  ["title-description", "ads.wizard.extra.titleDescription"],
] as const;

export function StatusStep({ ad, isAdmin }: { ad: Ad; isAdmin: boolean }) {
  const t = useAdvertisingTexts();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (action: "stop" | "resume") => {
    try {
      const updated = await api.call(`POST /advertisements/:id/${action}`, { params: { id: ad.id } });
      queryClient.setQueryData(adKey(ad.id), updated);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-lg font-semibold">
        {t("ads.wizard.status.current", { status: adStatusText(t, ad.derivedStatus) })}
      </p>
      {ad.review_comment ? (
        <p className="rounded-ui bg-wash p-3">
          {t("ads.wizard.status.reviewer", { comment: ad.review_comment })}
        </p>
      ) : null}
      {ad.missing.length > 0 ? (
        <p>{t("ads.wizard.status.missing", { fields: missingStepsText(t, ad.missing) })}</p>
      ) : null}
      <p>
        {t("ads.wizard.status.stats", {
          views: String(ad.stats.impressions),
          clicks: String(ad.stats.clicks),
          spend: formatMoney(ad.stats.spend || 0).replace("Free", "$0.00"),
        })}
      </p>
      {ad.derivedStatus === "running" ? (
        <Button variant="primary" className="self-start" onClick={() => void act("stop")}>
          {t("ads.wizard.status.stop")}
        </Button>
      ) : null}
      {ad.derivedStatus === "stopped" ? (
        <Button variant="primary" className="self-start" onClick={() => void act("resume")}>
          {t("ads.wizard.status.resume")}
        </Button>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
      {ad.editable ? (
        <ul className="flex flex-col gap-1">
          {EXTRA_STEPS.filter(([step]) => step !== "title-description" || ad.ad_type !== "2").map(
            ([step, label]) => (
              <li key={step}>
                <Link to={`/advertising/${ad.id}/edit/${step}`} className="underline">
                  {t(label)}
                </Link>
              </li>
            ),
          )}
        </ul>
      ) : null}
      {isAdmin ? <FreeUserOnlyToggle ad={ad} /> : null}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Link to="/advertising/manage" className="underline">
          {t("ads.wizard.status.all")}
        </Link>
        {ad.deletable ? (
          <Link to={`/advertising/${ad.id}/edit/delete`} className="font-medium text-danger underline">
            {t("ads.wizard.status.delete")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Admins only (PATCH /advertisements/{id}/is_free_user_only): show this ad only to users who never paid. */
function FreeUserOnlyToggle({ ad }: { ad: Ad }) {
  const t = useAdvertisingTexts();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = async (value: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const updated = await api.call("PATCH /advertisements/:id/is_free_user_only", {
        params: { id: ad.id },
        body: { is_free_user_only: value },
      });
      queryClient.setQueryData(adKey(ad.id), updated);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1 rounded-ui border border-line p-3">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={ad.is_free_user_only}
          disabled={busy}
          onChange={(e) => void toggle(e.target.checked)}
        />
        {t("ads.wizard.freeUserOnly")}
      </label>
      <WizardProblem text={failure} />
    </div>
  );
}
