import { AD_IMAGE_RULES, adTextLimit, isIdentityComplete } from "@market/domain";
import { useId } from "react";
import { fileUrl } from "../../../api/client.ts";
import { Button, Field, Input, Textarea, TextField } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import { AdImagePicker } from "./AdImagePicker.tsx";
import type { StepProps } from "./ad-step.ts";
import { useAdTextsForm } from "./ad-text-form.ts";

const TITLE_DESCRIPTION = ["title", "description"] as const;
const BUSINESS_NAME = ["business_name"] as const;

/** The alternate title-description step: both texts on one page, each within the type's limits (spec 5). */
export function TitleDescriptionStep({ ad, save, goNext, onDraft }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const { register, submit, formState } = useAdTextsForm({ ad, save, goNext }, TITLE_DESCRIPTION);
  const { errors } = formState;
  // Both refusals in one line, each named, where the step has always said them.
  const problem =
    [
      errors.title?.message
        ? t("ads.wizard.titleDescription.titleProblem", { problem: errors.title.message })
        : null,
      errors.description?.message
        ? t("ads.wizard.titleDescription.descriptionProblem", { problem: errors.description.message })
        : null,
    ]
      .filter(Boolean)
      .join(". ") || errors.root?.server?.message;
  const titleLimit = adTextLimit("title", ad.ad_type);
  const descriptionLimit = adTextLimit("description", ad.ad_type);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <Field
        id={`${id}-title`}
        label={t("ads.wizard.titleDescription.title", {
          min: String(titleLimit.min),
          max: String(titleLimit.max),
        })}
      >
        {(bindings) => (
          <Input
            {...bindings}
            aria-invalid={errors.title ? true : undefined}
            {...register("title", { onChange: (e) => onDraft({ title: e.target.value }) })}
          />
        )}
      </Field>
      <Field
        id={`${id}-description`}
        label={t("ads.wizard.titleDescription.description", {
          min: String(descriptionLimit.min),
          max: String(descriptionLimit.max),
        })}
      >
        {(bindings) => (
          <Textarea
            {...bindings}
            rows={3}
            aria-invalid={errors.description ? true : undefined}
            {...register("description", { onChange: (e) => onDraft({ description: e.target.value }) })}
          />
        )}
      </Field>
      <WizardProblem text={problem} />
      <Button variant="primary" className="self-start" type="submit" disabled={formState.isSubmitting}>
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </form>
  );
}

/**
 * The identity step: the business behind the ad, complete with a business name and a business image of
 * at least 50 by 50 pixels (spec 5).
 */
export function IdentityStep({ ad, save, goNext, onDraft }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const { register, submit, watch, formState } = useAdTextsForm({ ad, save, goNext }, BUSINESS_NAME);
  const limit = adTextLimit("business_name", ad.ad_type);
  const complete = isIdentityComplete({
    business_name: watch("business_name"),
    business_image: ad.business_image,
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <TextField
        id={id}
        label={t("ads.wizard.identity.name", { min: String(limit.min), max: String(limit.max) })}
        error={formState.errors.business_name?.message}
        {...register("business_name", { onChange: (e) => onDraft({ business_name: e.target.value }) })}
      />
      <WizardProblem text={formState.errors.root?.server?.message} />
      <p>
        {t("ads.wizard.identity.imageRules", {
          width: String(AD_IMAGE_RULES.business.width),
          height: String(AD_IMAGE_RULES.business.height),
        })}
      </p>
      {ad.business_image ? (
        <img
          src={fileUrl(ad.business_image)}
          alt={t("ads.wizard.identity.alt")}
          className="h-16 w-16 rounded-ui"
        />
      ) : null}
      <AdImagePicker
        ad={ad}
        kind="business-image"
        labels={{
          choose: "ads.wizard.identity.choose",
          replace: "ads.wizard.identity.replace",
          remove: "ads.wizard.identity.remove",
        }}
      />
      <p className="text-sm text-muted">
        {complete ? t("ads.wizard.identity.complete") : t("ads.wizard.identity.incomplete")}
      </p>
      <Button variant="primary" className="self-start" type="submit" disabled={formState.isSubmitting}>
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </form>
  );
}
