import { AD_IMAGE_RULES, type Ad } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { api } from "../../../api/client.ts";
import { uploadTo } from "../../../api/upload.ts";
import { Button, buttonClass } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { type AdvertisingTextKey, useAdvertisingTexts } from "../advertising-texts.ts";
import { adKey } from "./ad-step.ts";

/**
 * Choosing, replacing and removing one of the ad's images (the image, or the business image of the
 * identity step), with what went wrong. The saved ad comes back with the image in place.
 */
export function AdImagePicker({
  ad,
  kind,
  labels,
}: {
  ad: Ad;
  kind: "image" | "business-image";
  labels: { choose: AdvertisingTextKey; replace: AdvertisingTextKey; remove: AdvertisingTextKey };
}) {
  const t = useAdvertisingTexts();
  const { upload, problem, busy } = useAdImageUpload(ad, kind);
  const removal = useAdImageRemoval(ad, kind);
  const current = kind === "image" ? ad.image_url : ad.business_image;
  return (
    <>
      <div className="flex flex-wrap gap-3">
        <label className={buttonClass("secondary", "md", "cursor-pointer")}>
          {busy ? t("ads.wizard.uploading") : current ? t(labels.replace) : t(labels.choose)}
          <input type="file" accept="image/*" className="sr-only" onChange={(e) => void upload(e)} />
        </label>
        {current ? (
          <Button variant="ghost" disabled={removal.busy} onClick={() => void removal.remove()}>
            {t(labels.remove)}
          </Button>
        ) : null}
      </div>
      <WizardProblem text={problem ?? removal.problem} />
    </>
  );
}

/** Uploads the ad's image or business image (PUT, multipart field file), checked first against the 1 MB limit. */
function useAdImageUpload(ad: Ad, kind: "image" | "business-image") {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > AD_IMAGE_RULES.maxBytes) {
      setProblem(AD_IMAGE_RULES.tooLargeMessage);
      return;
    }
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.append("file", file, file.name);
    try {
      const updated = await uploadTo(`PUT /advertisements/:id/${kind}`, form, { params: { id: ad.id } });
      queryClient.setQueryData(adKey(ad.id), updated);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return { upload, problem, busy };
}

/** Removes the ad's image or business image (DELETE /advertisements/{id}/image and /business-image). */
function useAdImageRemoval(ad: Ad, kind: "image" | "business-image") {
  const t = useAdvertisingTexts();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const updated = await api.call(`DELETE /advertisements/:id/${kind}`, { params: { id: ad.id } });
      queryClient.setQueryData(adKey(ad.id), updated);
    } catch {
      setProblem(t("ads.wizard.image.removeFailed"));
    } finally {
      setBusy(false);
    }
  };
  return { remove, problem, busy };
}
