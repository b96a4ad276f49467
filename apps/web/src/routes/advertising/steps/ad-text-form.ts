import {
  type AdPatch,
  type AdTextField,
  type AdType,
  adPatchSchema,
  adTextLimit,
  countCharacters,
} from "@market/domain";
import { z } from "@market/domain/zod";
import type { TextLookup } from "../../../state/site-config.ts";
import type { AdvertisingTexts } from "../advertising-texts.ts";
import { textStepProblem } from "./ad-step-rules.ts";

/**
 * A text rule broken, in the words every form uses ("Too long: 41 of 30 characters", counted as the rule
 * counts: trimmed, in characters); a bad address in the wizard's own, more specific words. A code the
 * wizard does not know (the server's "admin_only") is shown as it is.
 */
export function adProblemText(
  words: { site: TextLookup; ads: AdvertisingTexts },
  field: AdTextField,
  adType: AdType,
  problem: string,
  value: string,
): string {
  const { min, max } = adTextLimit(field, adType);
  switch (problem) {
    case "required":
      return words.site("field.required");
    case "too_short":
      return words.site("field.tooShort", { min: String(min) });
    case "too_long":
      return words.site("field.tooLong", { used: String(countCharacters(value)), max: String(max) });
    case "invalid_url":
      return words.ads("ads.problem.invalid_url");
    default:
      return problem;
  }
}

/**
 * The form of a step that edits texts of an ad: each text as typed, checked with the type's limits (the
 * domain's checkAdText, an optional field may stay empty), then sent as PATCH /advertisements/{id}'s own
 * body (adPatchSchema), trimmed, an empty optional text as null.
 */
export function adTextsSchema<F extends AdTextField>(
  fields: readonly F[],
  adType: AdType,
  problemText: (field: F, problem: string, value: string) => string,
) {
  const typed = z.object(
    Object.fromEntries(fields.map((field) => [field, z.string()])),
  ) as unknown as z.ZodType<Record<F, string>, Record<F, string>>;
  return typed
    .superRefine((values, ctx) => {
      for (const field of fields) {
        const problem = textStepProblem(field, values[field], adType);
        if (problem)
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: problemText(field, problem, values[field]),
          });
      }
    })
    .transform(
      (values): AdPatch => Object.fromEntries(fields.map((field) => [field, values[field].trim() || null])),
    )
    .pipe(adPatchSchema);
}
