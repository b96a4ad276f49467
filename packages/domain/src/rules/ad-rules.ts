import type { AdType } from "./enums.ts";
import { AD_RESTRICTED_FIELDS, type RestrictedWord, replaceRestrictedWords } from "./restricted-words.ts";

/**
 * Advertisement rules (spec sections 2, 4, 5 and 9; DECISIONS.md "Advertising"): the edit wizard's
 * steps, required fields, spend minimums, the status people see, who may edit what, and images.
 * Money is integer cents; the site settings' adMinimums are dollars, as the spec gives them.
 */

// ---------------------------------------------------------------------------------------------
// Edit steps (spec 2, "Advertising routes")

/** The wizard's steps in the spec's order, for ad types 1, 3, 4 and 5. */
export const AD_EDIT_STEPS = [
  "image",
  "url",
  "title",
  "description",
  "button",
  "statement",
  "targeting",
  "ad-spend",
  "payment",
  "status",
] as const;

/** The spec's "alternate or admin steps", and delete. */
export const AD_EXTRA_STEPS = [
  "discount-code",
  "subtitle",
  "title-description",
  "subject",
  "identity",
  "styling",
  "code",
  "review",
  "delete",
] as const;

export type AdEditStep = (typeof AD_EDIT_STEPS)[number] | (typeof AD_EXTRA_STEPS)[number];

const ALL_AD_STEPS: readonly AdEditStep[] = [...AD_EDIT_STEPS, ...AD_EXTRA_STEPS];

/** Steps only an admin opens; they come after status in an admin's sequence. */
export const AD_ADMIN_STEPS = ["styling", "code", "review"] as const satisfies readonly AdEditStep[];

/** Type 2 swaps these steps one for one (spec 2). */
const TYPE_2_SWAPS: Partial<Record<AdEditStep, AdEditStep>> = { description: "subtitle", button: "subject" };

/**
 * The steps that next and previous walk through for an ad type.
 * Type 2 "replaces the description and button steps with subtitle and subject": each takes the
 * place of the step it replaces (description -> subtitle, button -> subject), so the sequence is
 * image, url, title, subtitle, subject, statement, ... The spec names the pairs in that order, and it
 * keeps the subtitle right after the title it sits under (as in the resource wizard) and every later
 * step at the same position for all types, so "step n" means the same thing in every wizard.
 * Admins then go on to styling, code and review. Discount-code, title-description and identity are
 * reachable by name (resolveAdStep) but in no sequence, as the spec does not say which types use
 * them; delete is reached only by deleting.
 */
export function adEditSteps(adType: AdType, isAdmin: boolean): AdEditStep[] {
  const steps: AdEditStep[] = AD_EDIT_STEPS.map((step) =>
    adType === "2" ? (TYPE_2_SWAPS[step] ?? step) : step,
  );
  return isAdmin ? [...steps, ...AD_ADMIN_STEPS] : steps;
}

function isAdStep(name: string): name is AdEditStep {
  return (ALL_AD_STEPS as readonly string[]).includes(name);
}

/**
 * The step a route segment names: no segment (or an empty one) opens the first step, case and
 * surrounding spaces are ignored, and an unknown name is null so the caller can show "not found".
 */
export function resolveAdStep(name: string | undefined): AdEditStep | null {
  const slug = (name ?? "").trim().toLowerCase();
  if (slug === "") return "image";
  return isAdStep(slug) ? slug : null;
}

/** The step after this one in the ad's sequence, or null at its end or off it. */
export function nextAdStep(step: AdEditStep, adType: AdType, isAdmin: boolean): AdEditStep | null {
  const steps = adEditSteps(adType, isAdmin);
  const at = steps.indexOf(step);
  return at === -1 ? null : (steps[at + 1] ?? null);
}

/** Styling, code and review are for admins; every other step is open to the ad's editor. */
export function canOpenAdStep(step: AdEditStep, isAdmin: boolean): boolean {
  return (AD_ADMIN_STEPS as readonly string[]).includes(step) ? isAdmin : true;
}

// ---------------------------------------------------------------------------------------------
// Required fields and completeness (spec 5)

export const AD_REQUIRED_BASE = [
  "image_name",
  "click_url",
  "title",
  "spend_per_day",
  "run_days_total",
] as const;

/** Required ad fields: the base, then type 2 subtitle, subject, gradesArray; type 5 description; others description and button. */
export function requiredAdFields(adType: AdType): string[] {
  switch (adType) {
    case "2":
      return [...AD_REQUIRED_BASE, "subtitle", "subject", "gradesArray"];
    case "5":
      return [...AD_REQUIRED_BASE, "description"];
    default:
      return [...AD_REQUIRED_BASE, "description", "button"];
  }
}

export interface AdDraft {
  ad_type: AdType;
  title?: string | null;
  description?: string | null;
  button?: string | null;
  statement?: string | null;
  subtitle?: string | null;
  subject?: string | null;
  business_name?: string | null;
  business_image?: string | null;
  discount_code?: string | null;
  code?: string | null;
  click_url?: string | null;
  image_name?: string | null;
  spend_per_day?: number | null;
  run_days_total?: number | null;
  gradesArray?: string[];
  approval_status?: string;
  running_status?: string | null;
}

function hasText(value: unknown): boolean {
  return typeof value === "string" && value.trim().length > 0;
}

/**
 * Whether one required field has a value: text that is not blank, a number (any number: zero spend
 * is "present", and whether it is enough is checkAdSpend's question, which admins skip), or a list
 * with at least one item.
 */
function isPresent(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return hasText(value);
}

/** The required fields (requiredAdFields order) that have no value. Validity is checkAdTexts' job. */
export function missingAdFields(ad: AdDraft): string[] {
  const record = ad as unknown as Record<string, unknown>;
  return requiredAdFields(ad.ad_type).filter((field) => !isPresent(record[field]));
}

/** Identity is complete with a business name and a business image (spec 5). */
export function isIdentityComplete(ad: Pick<AdDraft, "business_name" | "business_image">): boolean {
  return hasText(ad.business_name) && hasText(ad.business_image);
}

/** Targeting needs at least one grade (spec 5). */
export function isTargetingComplete(ad: Pick<AdDraft, "gradesArray">): boolean {
  return (ad.gradesArray?.length ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Ad spend (spec 5 and 9)

/** A type's minimums in dollars, as the site setting adMinimums holds them (defaults 20 and 1). */
export interface AdMinimums {
  totalCost: number;
  spendPerDay: number;
}

/** Spec 9: spend_per_day 500 cents for run_days_total 7 days. */
export const AD_SPEND_DEFAULTS = { spendPerDayCents: 500, runDaysTotal: 7 } as const;

export type AdSpendProblem = "total_below_minimum" | "spend_per_day_below_minimum" | "run_days_required";

/**
 * The ad-spend step (spec 5): complete when spend_per_day x run_days_total is at least 100 x the
 * type's minimum total and spend_per_day at least 100 x its minimum per day (both minimums are
 * dollars, the spend is cents). Run days must be a whole number of at least 1. Admins skip the
 * run-days and spend requirements, so they get no problems; the total is still computed for them.
 * Every problem that applies is listed, in the order of the type.
 */
export function checkAdSpend(input: {
  spendPerDayCents: number;
  runDaysTotal: number;
  minimums: AdMinimums;
  isAdmin: boolean;
}): { totalCostCents: number; problems: AdSpendProblem[] } {
  const { spendPerDayCents, runDaysTotal, minimums, isAdmin } = input;
  const totalCostCents = spendPerDayCents * runDaysTotal;
  const problems: AdSpendProblem[] = [];
  if (isAdmin) return { totalCostCents, problems };
  if (totalCostCents < 100 * minimums.totalCost) problems.push("total_below_minimum");
  if (spendPerDayCents < 100 * minimums.spendPerDay) problems.push("spend_per_day_below_minimum");
  if (!Number.isInteger(runDaysTotal) || runDaysTotal < 1) problems.push("run_days_required");
  return { totalCostCents, problems };
}

// ---------------------------------------------------------------------------------------------
// Derived status and permissions (spec 4)

export const AD_DERIVED_STATUSES = [
  "incomplete",
  "inReview",
  "rejected",
  "running",
  "stopped",
  "expired",
  "creating",
] as const;
export type AdDerivedStatus = (typeof AD_DERIVED_STATUSES)[number];

/**
 * The status people see (spec 4). Precedence: what the server has recorded about the ad's life
 * comes first, in the spec's order (awaiting_approval -> inReview, rejected, approved + running ->
 * running, approved + stopped -> stopped, running_status expired -> expired); only an ad that is
 * none of these is "incomplete" (required fields missing) or otherwise "creating".
 *
 * The spec lists "incomplete" first, but an ad reaches review only after the required-field check,
 * so for consistent data both orders agree. They differ only when a live or reviewed ad lacks a field
 * (an admin edited it, or a later rule requires more): then "running" or "inReview" is the truth that
 * matters (it is shown and charged, or queued for a reviewer), while "incomplete" would hide it and
 * offer edits the ad's state forbids. Completeness is a question about drafts.
 * "Expired" needs no approval: an ad whose run ended is expired whatever came after, unless it was
 * resubmitted (inReview) or rejected.
 */
export function deriveAdStatus(ad: AdDraft): AdDerivedStatus {
  const approval = ad.approval_status;
  const running = ad.running_status;
  if (approval === "awaiting_approval") return "inReview";
  if (approval === "rejected") return "rejected";
  if (approval === "approved" && running === "running") return "running";
  if (approval === "approved" && running === "stopped") return "stopped";
  if (running === "expired") return "expired";
  return missingAdFields(ad).length > 0 ? "incomplete" : "creating";
}

type AdState = Pick<AdDraft, "approval_status" | "running_status">;

/** Editable if the user is admin, or the ad is neither running nor awaiting approval (spec 4). */
export function isAdEditable(ad: AdState, isAdmin: boolean): boolean {
  if (isAdmin) return true;
  return ad.running_status !== "running" && ad.approval_status !== "awaiting_approval";
}

/**
 * Spend is editable only when the ad is editable and it has no running status or is expired
 * (spec 4): a stopped ad keeps its paid budget, even for an admin; an expired one can be renewed.
 */
export function isAdSpendEditable(ad: AdState, isAdmin: boolean): boolean {
  if (!isAdEditable(ad, isAdmin)) return false;
  const running = ad.running_status;
  return running === null || running === undefined || running === "" || running === "expired";
}

/**
 * Whether the ad may be deleted (the wizard's delete step, spec 2): only while it can be edited, and never
 * once paid for (the payment stays tied to it; a paid ad is stopped instead).
 */
export function isAdDeletable(ad: AdState & { paid: boolean }, isAdmin: boolean): boolean {
  return isAdEditable(ad, isAdmin) && !ad.paid;
}

// ---------------------------------------------------------------------------------------------
// Statement and the admin's code (spec 2, 5 and 9)

/**
 * Spec 9: "Statement defaults say the ad was paid for by a member of the community, with a variant per
 * type." The spec gives no wording; each variant names the format and keeps within the type's statement
 * limit (48 characters for types 3 and 4). A new ad starts with its type's; the advertiser may change it.
 */
export const AD_DEFAULT_STATEMENTS: Record<AdType, string> = {
  "1": "This banner was paid for by a member of the community.",
  "2": "This card was paid for by a member of the community.",
  "3": "Paid for by a member of the community.",
  "4": "Paid for by a member of our community.",
  "5": "This feature was paid for by a member of the community.",
};

export function defaultAdStatement(adType: AdType): string {
  return AD_DEFAULT_STATEMENTS[adType];
}

/**
 * The admin's code (the code step, at most 75 characters) is markup when it holds a tag: it is then shown
 * in a sandboxed frame of its own, never in the page; other text is shown as text.
 */
export function isAdCodeMarkup(code: string | null | undefined): boolean {
  return typeof code === "string" && /<[a-z!/?]/i.test(code);
}

// ---------------------------------------------------------------------------------------------
// Images (spec 5 and 9)

export const AD_IMAGE_RULES = {
  maxBytes: 1_048_576,
  tooLargeMessage: "The file you selected exceeds maximum file size requirements.",
  tooSmallMessage: "The file you selected doesn't meet the minimum dimension requirements.",
  minimum: {
    "1": { width: 496, height: 260 },
    "2": { width: 300, height: 388 },
    "3": { width: 100, height: 100 },
    "4": { width: 1044, height: 496 },
    "5": { width: 900, height: 900 },
  },
  business: { width: 50, height: 50 },
} as const satisfies {
  minimum: Record<AdType, { width: number; height: number }>;
  [key: string]: unknown;
};

/**
 * How an ad's image fills its slot (issue 18: a landscape image in a portrait slot lost the ends of its
 * words). Every slot of a type has the proportions of the type's minimum image size, so one choice per ad
 * holds everywhere it is shown. "fill" covers the slot and crops what does not fit, around the focal
 * point (0 to 100 percent from the left and from the top); "fit" shows the whole image, with bands of the
 * slot's background where the proportions differ. The advertiser chooses; the ad stores the choice.
 */
export const AD_IMAGE_FITS = ["fill", "fit"] as const;
export type AdImageFit = (typeof AD_IMAGE_FITS)[number];

export interface AdImagePlacement {
  image_fit: AdImageFit;
  image_focus_x: number;
  image_focus_y: number;
}

export const AD_IMAGE_PLACEMENT_DEFAULT: AdImagePlacement = {
  image_fit: "fill",
  image_focus_x: 50,
  image_focus_y: 50,
};

/** The focal point's range, in percent of the image from its left and top edges. */
export const AD_IMAGE_FOCUS_RANGE = { min: 0, max: 100 } as const;

/**
 * Filling may cut at most this share of an image's width or height before an upload is set to show the
 * whole image instead (a tenth: a photo's edges, not a word's first letter).
 */
export const AD_IMAGE_FILL_MAX_CROP = 0.1;

/** A slot's proportions (width / height): the type's minimum image size. */
export function adSlotAspect(adType: AdType): number {
  const { width, height } = AD_IMAGE_RULES.minimum[adType];
  return width / height;
}

/** The share of the image's width or height that filling the type's slot cuts away, 0 when they match. */
export function adImageCropShare(image: { width: number; height: number }, adType: AdType): number {
  if (image.width <= 0 || image.height <= 0) return 0;
  const ratio = image.width / image.height;
  const slot = adSlotAspect(adType);
  return 1 - Math.min(ratio, slot) / Math.max(ratio, slot);
}

/**
 * The placement a newly uploaded image starts with: fill, centred, when filling cuts little; otherwise
 * the whole image. The advertiser sees it in the preview and may change it.
 */
export function suggestAdImagePlacement(
  image: { width: number; height: number },
  adType: AdType,
): AdImagePlacement {
  const crop = adImageCropShare(image, adType);
  return { ...AD_IMAGE_PLACEMENT_DEFAULT, image_fit: crop > AD_IMAGE_FILL_MAX_CROP ? "fit" : "fill" };
}

/** The CSS an ad image is drawn with (object-fit and object-position), the same in the preview and the page. */
export function adImageStyle(placement: Partial<AdImagePlacement>): {
  objectFit: "cover" | "contain";
  objectPosition: string;
} {
  const clamp = (value: number | undefined) =>
    Math.min(AD_IMAGE_FOCUS_RANGE.max, Math.max(AD_IMAGE_FOCUS_RANGE.min, Math.round(value ?? 50)));
  return {
    objectFit: placement.image_fit === "fit" ? "contain" : "cover",
    objectPosition: `${clamp(placement.image_focus_x)}% ${clamp(placement.image_focus_y)}%`,
  };
}

export type AdImageProblem = "too_large" | "too_small";

/**
 * An ad image's problem, or null: more than 1,048,576 bytes is too_large (exactly that is fine);
 * narrower or lower than the type's minimum (or 50x50 for a business image) is too_small. Size is
 * checked first because it is known before decoding. Larger images are always accepted.
 */
export function checkAdImage(
  img: { bytes: number; width: number; height: number },
  kind: AdType | "business",
): AdImageProblem | null {
  if (img.bytes > AD_IMAGE_RULES.maxBytes) return "too_large";
  const min = kind === "business" ? AD_IMAGE_RULES.business : AD_IMAGE_RULES.minimum[kind];
  if (img.width < min.width || img.height < min.height) return "too_small";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Restricted words (spec 5)

type RestrictedAdFields = {
  title?: string | null;
  description?: string | null;
  button?: string | null;
  statement?: string | null;
};

/**
 * A copy of the ad with restricted words replaced in its title, description, button and statement
 * before it is saved; other fields, and null or absent ones, stay as they are.
 */
export function applyRestrictedWordsToAd<T extends RestrictedAdFields>(
  ad: T,
  words: readonly RestrictedWord[],
): T {
  const copy: T = { ...ad };
  const target = copy as Record<string, unknown>;
  for (const field of AD_RESTRICTED_FIELDS) {
    const value = target[field];
    if (typeof value === "string") target[field] = replaceRestrictedWords(value, words);
  }
  return copy;
}
