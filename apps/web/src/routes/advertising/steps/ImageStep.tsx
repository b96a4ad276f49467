import {
  AD_IMAGE_FILL_MAX_CROP,
  AD_IMAGE_RULES,
  type Ad,
  type AdImageFit,
  adImageCropShare,
} from "@market/domain";
import { type MouseEvent, useEffect, useId, useState } from "react";
import { fileUrl } from "../../../api/client.ts";
import { Button } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import { AdImagePicker } from "./AdImagePicker.tsx";
import type { StepProps } from "./ad-step.ts";
import { focusAtPoint } from "./ad-step-rules.ts";

/**
 * The image, and how it fills the format's space: the whole image, or filling it around the part the
 * advertiser keeps in view (two sliders, or a click on the image). The preview shows the choice at once;
 * Continue saves it with the ad (image_fit, image_focus_x, image_focus_y), and the page's slots draw it so.
 */
export function ImageStep({ ad, save, goNext, onDraft }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const min = AD_IMAGE_RULES.minimum[ad.ad_type];
  const [fit, setFit] = useState<AdImageFit>(ad.image_fit);
  const [focusX, setFocusX] = useState(ad.image_focus_x);
  const [focusY, setFocusY] = useState(ad.image_focus_y);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  // A new upload comes back placed as its proportions suggest: start from that.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new image or a new saved choice resets
  useEffect(() => {
    setFit(ad.image_fit);
    setFocusX(ad.image_focus_x);
    setFocusY(ad.image_focus_y);
    onDraft({ image_fit: ad.image_fit, image_focus_x: ad.image_focus_x, image_focus_y: ad.image_focus_y });
  }, [ad.image_url, ad.image_fit, ad.image_focus_x, ad.image_focus_y]);
  const place = (patch: Partial<Pick<Ad, "image_fit" | "image_focus_x" | "image_focus_y">>) => {
    if (patch.image_fit) setFit(patch.image_fit);
    if (patch.image_focus_x !== undefined) setFocusX(patch.image_focus_x);
    if (patch.image_focus_y !== undefined) setFocusY(patch.image_focus_y);
    onDraft(patch);
  };
  const pickFocus = (event: MouseEvent<HTMLDivElement>) => {
    const focus = focusAtPoint(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY);
    if (focus) place(focus);
  };
  const crop = natural ? adImageCropShare(natural, ad.ad_type) : 0;
  const changed = fit !== ad.image_fit || focusX !== ad.image_focus_x || focusY !== ad.image_focus_y;
  const next = async () => {
    setSaveProblem(null);
    try {
      if (changed) await save({ image_fit: fit, image_focus_x: focusX, image_focus_y: focusY });
      goNext();
    } catch {
      setSaveProblem(t("ads.wizard.saveFailed"));
    }
  };
  const image = ad.image_url ? (
    <img
      src={fileUrl(ad.image_url)}
      alt={t("ads.wizard.image.alt")}
      onLoad={(event) =>
        setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
      }
      className="block w-full rounded-ui"
    />
  ) : null;
  return (
    <div className="flex flex-col gap-4">
      <p>{t("ads.wizard.image.rules", { width: String(min.width), height: String(min.height) })}</p>
      {image ? (
        fit === "fill" ? (
          // The sliders below are the keyboard's way to the same choice; a click is a shortcut for a pointer.
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut, the sliders are the control
          // biome-ignore lint/a11y/useKeyWithClickEvents: the sliders below take the keyboard
          <div
            onClick={pickFocus}
            title={t("ads.wizard.image.focusPick")}
            className="relative max-w-sm cursor-crosshair"
          >
            {image}
            <span
              aria-hidden="true"
              className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-paper bg-accent shadow-lg"
              style={{ left: `${focusX}%`, top: `${focusY}%` }}
            />
          </div>
        ) : (
          <div className="max-w-sm">{image}</div>
        )
      ) : null}
      <AdImagePicker
        ad={ad}
        kind="image"
        labels={{
          choose: "ads.wizard.image.choose",
          replace: "ads.wizard.image.replace",
          remove: "ads.wizard.image.remove",
        }}
      />
      {ad.image_url ? (
        <fieldset className="flex flex-col gap-3 rounded-card border border-line p-4">
          <legend className="px-1 font-medium">{t("ads.wizard.image.fitLegend")}</legend>
          {(["fill", "fit"] as const).map((choice) => (
            <div key={choice} className="flex items-start gap-2">
              <input
                id={`${id}-${choice}`}
                type="radio"
                name={`${id}-fit`}
                checked={fit === choice}
                onChange={() => place({ image_fit: choice })}
                aria-describedby={`${id}-${choice}-hint`}
                className="mt-1 size-4 accent-accent"
              />
              <div>
                <label htmlFor={`${id}-${choice}`} className="font-medium">
                  {t(choice === "fill" ? "ads.wizard.image.fill" : "ads.wizard.image.fit")}
                </label>
                <p id={`${id}-${choice}-hint`} className="text-sm text-muted">
                  {t(choice === "fill" ? "ads.wizard.image.fillHint" : "ads.wizard.image.fitHint")}
                </p>
              </div>
            </div>
          ))}
          {fit === "fill" ? (
            <>
              {crop > AD_IMAGE_FILL_MAX_CROP ? (
                <p className="rounded-ui bg-info p-3 text-sm text-info-text">
                  {t("ads.wizard.image.cropWarning", { percent: String(Math.round(crop * 100)) })}
                </p>
              ) : null}
              {(
                [
                  ["x", focusX, "ads.wizard.image.focusX"],
                  ["y", focusY, "ads.wizard.image.focusY"],
                ] as const
              ).map(([axis, value, label]) => (
                <div key={axis} className="flex flex-col gap-1">
                  <label htmlFor={`${id}-${axis}`} className="text-sm font-medium">
                    {t(label)}
                  </label>
                  <input
                    id={`${id}-${axis}`}
                    type="range"
                    min={0}
                    max={100}
                    step={1}
                    value={value}
                    aria-valuetext={`${value}%`}
                    onChange={(e) =>
                      place(
                        axis === "x"
                          ? { image_focus_x: Number(e.target.value) }
                          : { image_focus_y: Number(e.target.value) },
                      )
                    }
                    className="w-full max-w-sm accent-accent"
                  />
                </div>
              ))}
              <p className="text-sm text-muted">{t("ads.wizard.image.focusHint")}</p>
            </>
          ) : null}
        </fieldset>
      ) : null}
      <WizardProblem text={saveProblem} />
      <Button variant="primary" className="self-start" disabled={!ad.image_url} onClick={() => void next()}>
        {t("ads.wizard.continue")}
      </Button>
    </div>
  );
}
