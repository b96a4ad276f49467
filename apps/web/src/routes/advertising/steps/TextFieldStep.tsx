import { adTextLimit, countCharacters } from "@market/domain";
import { useId, useMemo } from "react";
import { ApiError } from "../../../api/client.ts";
import { useDomainForm } from "../../../components/ui/form.ts";
import { Button, TextField } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { useTexts } from "../../../state/site-config.ts";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import { type StepProps, stepLabel } from "./ad-step.ts";
import { TEXT_STEP_FIELDS, type TextStep } from "./ad-step-rules.ts";
import { adProblemText, adTextsSchema } from "./ad-text-form.ts";

/** A step that edits one text of the ad, with its live count against the type's limits (spec 5). */
export function TextFieldStep({ ad, step, save, goNext, onDraft }: StepProps & { step: TextStep }) {
  const t = useAdvertisingTexts();
  const site = useTexts();
  const id = useId();
  const field = TEXT_STEP_FIELDS[step];
  const words = useMemo(
    () => (problem: string, value: string) =>
      adProblemText({ site, ads: t }, field, ad.ad_type, problem, value),
    [site, t, field, ad.ad_type],
  );
  const schema = useMemo(
    () => adTextsSchema([field], ad.ad_type, (_, problem, value) => words(problem, value)),
    [field, ad.ad_type, words],
  );
  // Refusals show once Save is pressed, then follow the text as it changes.
  const { register, handleSubmit, watch, getValues, setError, formState } = useDomainForm(schema, {
    mode: "onSubmit",
    defaultValues: { [field]: ad[field] ?? "" },
  });
  const limit = adTextLimit(field, ad.ad_type);
  const submit = handleSubmit(async (patch) => {
    try {
      await save(patch);
      goNext();
    } catch (error) {
      const code = error instanceof ApiError ? error.fields?.[field] : undefined;
      if (code)
        setError(field, { type: "server", message: words(code, getValues(field)) }, { shouldFocus: true });
      else setError("root.server", { message: t("ads.wizard.saveFailed") });
    }
  });
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
