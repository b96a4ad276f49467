import type { Ad } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../../api/client.ts";
import { Button, LinkButton } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { adFormatName, inSentence, useAdvertisingTexts } from "../advertising-texts.ts";
import { adKey } from "./ad-step.ts";

/**
 * The delete step (spec 2: "There is also delete"): it names what deleting loses (the ad and its words,
 * its images, its results) and asks once. A paid ad, or one running or in review, cannot be deleted: the
 * step says why and leads to its status, where it can be stopped. Deleted, the ad's list says so.
 */
export function DeleteStep({ ad }: { ad: Ad }) {
  const t = useAdvertisingTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title =
    ad.title?.trim() || t("ads.manage.untitled", { format: inSentence(adFormatName(t, ad.ad_type)) });
  const status = `/advertising/${ad.id}/edit/status`;
  if (!ad.deletable) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert">{ad.editable ? t("ads.delete.paid") : t("ads.delete.busy")}</p>
        <LinkButton variant="primary" to={status}>
          {t("ads.delete.status")}
        </LinkButton>
      </div>
    );
  }
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.call("DELETE /advertisements/:id", { params: { id: ad.id } });
      queryClient.removeQueries({ queryKey: adKey(ad.id) });
      void queryClient.invalidateQueries({ queryKey: ["ads", "own"] });
      navigate("/advertising/manage", { replace: true, state: { deletedAd: title } });
    } catch {
      setFailure(t("ads.delete.failed"));
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p>{t("ads.delete.intro")}</p>
      <ul className="flex list-disc flex-col gap-1 pl-6">
        <li>{t("ads.delete.item.ad", { title })}</li>
        {ad.image_url ? <li>{t("ads.delete.item.image")}</li> : null}
        {ad.business_image ? <li>{t("ads.delete.item.businessImage")}</li> : null}
        <li>
          {t("ads.delete.item.results", {
            views: ad.stats.impressions.toLocaleString("en-US"),
            clicks: ad.stats.clicks.toLocaleString("en-US"),
          })}
        </li>
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="danger" disabled={busy} onClick={() => void remove()}>
          {busy ? t("ads.delete.deleting") : t("ads.delete.confirm")}
        </Button>
        <LinkButton variant="secondary" to={status}>
          {t("ads.delete.keep")}
        </LinkButton>
      </div>
      <WizardProblem text={failure} />
    </div>
  );
}
