import {
  type AdEditStep,
  type AdTextField,
  type AdTextProblem,
  type AdType,
  checkAdText,
} from "@market/domain";

/** The steps that each edit one text of the ad, with the field each edits. */
export const TEXT_STEP_FIELDS = {
  url: "click_url",
  title: "title",
  description: "description",
  button: "button",
  subtitle: "subtitle",
  subject: "subject",
  statement: "statement",
  code: "code",
  "discount-code": "discount_code",
} as const satisfies Partial<Record<AdEditStep, AdTextField>>;

export type TextStep = keyof typeof TEXT_STEP_FIELDS;

export function isTextStep(step: AdEditStep): step is TextStep {
  return Object.hasOwn(TEXT_STEP_FIELDS, step);
}

/**
 * The step where each required field is filled in (the domain's requiredAdFields): a missing field is
 * named to the advertiser by its step ("Image, Link, Budget"), never as the field ("image_name").
 */
const REQUIRED_FIELD_STEPS: Record<string, AdEditStep> = {
  image_name: "image",
  click_url: "url",
  title: "title",
  description: "description",
  button: "button",
  subtitle: "subtitle",
  subject: "subject",
  gradesArray: "targeting",
  spend_per_day: "ad-spend",
  run_days_total: "ad-spend",
};

/** The steps that fill the missing fields, each once, in the fields' order; a field with no step stays as it is. */
export function missingFieldSteps(fields: readonly string[]): string[] {
  return [...new Set(fields.map((field) => REQUIRED_FIELD_STEPS[field] ?? field))];
}

/** Fields an ad may leave empty: the admin's code, and the discount code that puts an ad on the offers page. */
const OPTIONAL_FIELDS: readonly AdTextField[] = ["code", "discount_code"];

/** What stops a text step from saving, checked with the domain's rules: an optional field may stay empty. */
export function textStepProblem(field: AdTextField, value: string, adType: AdType): AdTextProblem | null {
  const problem = checkAdText(field, value, adType);
  return problem === "required" && OPTIONAL_FIELDS.includes(field) ? null : problem;
}

/** The steps an ad that can no longer be changed still opens: its status, the review, payment, delete. */
const OPEN_WHEN_LOCKED: readonly AdEditStep[] = ["status", "review", "payment", "delete"];

/** Whether a step is closed on this ad: it is running, in review or ended (not `editable`). */
export function isAdStepLocked(ad: { editable: boolean }, step: AdEditStep): boolean {
  return !ad.editable && !OPEN_WHEN_LOCKED.includes(step);
}

/**
 * The part of the image a click points at, as the focus the ad is filled around: percentages of the
 * shown image's box, kept within 0 to 100 (a click on the border). Null for a box not laid out yet.
 */
export function focusAtPoint(
  box: { left: number; top: number; width: number; height: number },
  x: number,
  y: number,
): { image_focus_x: number; image_focus_y: number } | null {
  if (box.width === 0 || box.height === 0) return null;
  const percent = (offset: number, size: number) =>
    Math.min(100, Math.max(0, Math.round((offset / size) * 100)));
  return { image_focus_x: percent(x - box.left, box.width), image_focus_y: percent(y - box.top, box.height) };
}
