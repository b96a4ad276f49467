import { adTextLimit, countCharacters } from "@market/domain";
import { useId, useMemo } from "react";
import { Button, TextField } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import { type StepProps, stepLabel } from "./ad-step.ts";
import { TEXT_STEP_FIELDS, type TextStep } from "./ad-step-rules.ts";
import { useAdTextsForm } from "./ad-text-form.ts";

/** A step that edits one text of the ad, with its live count against the type's limits (spec 5). */
export function TextFieldStep({ ad, step, save, goNext, onDraft }: StepProps & { step: TextStep }) {
  const t = useAdvertisingTexts();
  const id = useId();
  const field = TEXT_STEP_FIELDS[step];
  const fields = useMemo(() => [field], [field]);
  const { register, submit, watch, formState } = useAdTextsForm({ ad, save, goNext }, fields);
  const limit = adTextLimit(field, ad.ad_type);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <TextField
        id={id}
        label={stepLabel(t, step)}
        hint={field === "code" ? t("ads.wizard.code.hint") : undefined}
        count={{ used: countCharacters(watch(field)), min: limit.min, max: limit.max }}
        error={formState.errors[field]?.message}
        {...register(field, { onChange: (e) => onDraft({ [field]: e.target.value }) })}
      />
      <WizardProblem text={formState.errors.root?.server?.message} />
      <Button variant="primary" className="self-start" type="submit" disabled={formState.isSubmitting}>
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </form>
  );
}
