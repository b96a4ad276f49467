import type { AdType } from "./enums.ts";

/**
 * Advertisement text limits (spec 5, "Advertisement text limits (minimum 1 unless noted)").
 * Lengths are of the trimmed text in characters (code points), as resource texts count them, so an
 * emoji is one character. The web form, the server's save and the demo seed all check here.
 */
export const AD_TEXT_FIELDS = [
  "title",
  "description",
  "statement",
  "button",
  "subtitle",
  "subject",
  "business_name",
  "discount_code",
  "code",
  "click_url",
] as const;

export type AdTextField = (typeof AD_TEXT_FIELDS)[number];

type Limit = { readonly min: number; readonly max: number };

/** The spec's table: a default range per field and, where the table has them, per-type maximums. */
const AD_TEXT_LIMITS: Record<AdTextField, Limit & { readonly byType?: Partial<Record<AdType, number>> }> = {
  title: { min: 1, max: 30, byType: { "2": 32, "3": 28, "5": 24 } },
  description: { min: 1, max: 60, byType: { "1": 75, "3": 100, "4": 36, "5": 150 } },
  statement: { min: 1, max: 75, byType: { "3": 48, "4": 48 } },
  button: { min: 1, max: 12, byType: { "1": 15, "5": 15, "3": 18 } },
  subtitle: { min: 1, max: 25 },
  subject: { min: 1, max: 15 },
  business_name: { min: 1, max: 25 },
  discount_code: { min: 1, max: 20 },
  code: { min: 1, max: 75 },
  click_url: { min: 11, max: 1000 },
};

/** The allowed length of a field for an ad type, both ends inclusive. */
export function adTextLimit(field: AdTextField, adType: AdType): { min: number; max: number } {
  const limit = AD_TEXT_LIMITS[field];
  return { min: limit.min, max: limit.byType?.[adType] ?? limit.max };
}

export type AdTextProblem = "required" | "too_short" | "too_long" | "invalid_url";

function textLength(value: string): number {
  return Array.from(value).length;
}

/**
 * An http or https address with a host. Whitespace inside is refused although the URL parser would
 * percent-encode it: in a pasted click URL it is a mistake (two addresses, a stray word), not a path.
 */
function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
}

/**
 * One field's problem, or null. Checked in this order: empty (after trimming) is "required", then
 * the length range, then, for click_url only, that it is an http(s) address.
 */
export function checkAdText(
  field: AdTextField,
  value: string | null | undefined,
  adType: AdType,
): AdTextProblem | null {
  const text = (value ?? "").trim();
  const length = textLength(text);
  if (length === 0) return "required";
  const { min, max } = adTextLimit(field, adType);
  if (length < min) return "too_short";
  if (length > max) return "too_long";
  if (field === "click_url" && !isHttpUrl(text)) return "invalid_url";
  return null;
}

/**
 * The problems of several fields, keyed by field; an empty object means all is well.
 * Without `only`, every field the ad gives is checked, where "gives" means a string that is not
 * empty: undefined, null and "" are a field not (yet) filled in, which missing-field rules report,
 * while "   " is an attempt to fill one and so is "required". With `only`, exactly those fields are
 * checked and an absent one is "required" (a step's own fields).
 */
export function checkAdTexts(
  ad: Partial<Record<AdTextField, string | null>>,
  adType: AdType,
  only?: readonly AdTextField[],
): Partial<Record<AdTextField, AdTextProblem>> {
  const fields = only ?? AD_TEXT_FIELDS.filter((field) => typeof ad[field] === "string" && ad[field] !== "");
  const problems: Partial<Record<AdTextField, AdTextProblem>> = {};
  for (const field of fields) {
    const problem = checkAdText(field, ad[field], adType);
    if (problem) problems[field] = problem;
  }
  return problems;
}
