import {
  type AdPatch,
  type AdTextField,
  type AdType,
  adPatchSchema,
  adTextLimit,
  countCharacters,
} from "@market/domain";
import { z } from "@market/domain/zod";
import { useMemo } from "react";
import type { DefaultValues, Path } from "react-hook-form";
import { ApiError } from "../../../api/client.ts";
import { useDomainForm } from "../../../components/ui/form.ts";
import { type TextLookup, useTexts } from "../../../state/site-config.ts";
import { type AdvertisingTexts, useAdvertisingTexts } from "../advertising-texts.ts";
import type { StepProps } from "./ad-step.ts";
import { textStepProblem } from "./ad-step-rules.ts";

/**
 * A text rule broken, in the words every form uses ("Too long: 41 of 30 characters", counted as the rule
 * counts: trimmed, in characters); a bad address, and a field only admins may change (the server's
 * "admin_only"), in the wizard's own words. A code the wizard does not know is shown as it is.
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
    case "admin_only":
      return words.ads("ads.problem.admin_only");
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

/**
 * The form of a step that edits texts of the ad (one text, the title and description, the business
 * name): refusals show once Save is pressed, then follow the text; a saved form goes on to the next step.
 * A text the server refuses is marked with its reason; any other failure is said under the form.
 */
export function useAdTextsForm<F extends AdTextField>(
  { ad, save, goNext }: Pick<StepProps, "ad" | "save" | "goNext">,
  fields: readonly F[],
) {
  const t = useAdvertisingTexts();
  const site = useTexts();
  const schema = useMemo(
    () =>
      adTextsSchema(fields, ad.ad_type, (field, problem, value) =>
        adProblemText({ site, ads: t }, field, ad.ad_type, problem, value),
      ),
    [fields, ad.ad_type, site, t],
  );
  const form = useDomainForm(schema, {
    mode: "onSubmit",
    defaultValues: Object.fromEntries(fields.map((field) => [field, ad[field] ?? ""])) as DefaultValues<
      Record<F, string>
    >,
  });
  const submit = form.handleSubmit(async (patch) => {
    try {
      await save(patch);
      goNext();
    } catch (error) {
      const refused = error instanceof ApiError ? (error.fields ?? {}) : {};
      const marked = fields.filter((field) => refused[field]);
      for (const field of marked) {
        const value = form.getValues(field as unknown as Path<Record<F, string>>) as string;
        form.setError(
          field as unknown as Path<Record<F, string>>,
          {
            type: "server",
            message: adProblemText({ site, ads: t }, field, ad.ad_type, refused[field] ?? "", value),
          },
          { shouldFocus: field === marked[0] },
        );
      }
      if (marked.length === 0) form.setError("root.server", { message: t("ads.wizard.saveFailed") });
    }
  });
  return { ...form, submit };
}
