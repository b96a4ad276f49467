import type { Ad, AdPatch } from "@market/domain";
import type { AdvertisingTextKey, AdvertisingTexts } from "../advertising-texts.ts";
import { missingFieldSteps } from "./ad-step-rules.ts";

/**
 * What the ad wizard (AdWizard.tsx) and its steps share, apart from both: the wizard imports every step,
 * so a step importing the wizard would close a circle.
 */
export const adKey = (id: string) => ["ads", "own", id] as const;

/** What every saving step receives: the ad, the save of a patch (PATCH /advertisements/{id}), the way on. */
export interface StepProps {
  ad: Ad;
  save: (patch: AdPatch) => Promise<void>;
  goNext: () => void;
  /** Shows a change in the preview before it is saved. */
  onDraft: (patch: Partial<Ad>) => void;
}

const STEP_LABEL: Record<string, AdvertisingTextKey> = {
  image: "ads.step.image",
  url: "ads.step.url",
  title: "ads.step.title",
  description: "ads.step.description",
  button: "ads.step.button",
  subtitle: "ads.step.subtitle",
  subject: "ads.step.subject",
  statement: "ads.step.statement",
  targeting: "ads.step.targeting",
  "ad-spend": "ads.step.adSpend",
  payment: "ads.step.payment",
  status: "ads.step.status",
  styling: "ads.step.styling",
  code: "ads.step.code",
  "discount-code": "ads.step.discountCode",
  "title-description": "ads.step.titleDescription",
  identity: "ads.step.identity",
  review: "ads.step.review",
  delete: "ads.step.delete",
};

export const stepLabel = (t: AdvertisingTexts, step: string) => {
  const key = STEP_LABEL[step];
  return key ? t(key) : step;
};

/** The missing fields of an ad (its `missing`, or a refused payment's "required" fields) in the steps' names. */
export const missingStepsText = (t: AdvertisingTexts, fields: readonly string[]) =>
  missingFieldSteps(fields)
    .map((step) => stepLabel(t, step))
    .join(", ");
