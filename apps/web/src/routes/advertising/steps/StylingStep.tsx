import { useId, useState } from "react";
import { Button } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import type { StepProps } from "./ad-step.ts";
import { useStepSave } from "./use-step-save.ts";

/**
 * The admin's styling (css_override): applied to this ad's own box only, in the preview as typed and on
 * every page that shows the ad (AdView scopes it).
 */
export function StylingStep({ ad, save, goNext, onDraft }: StepProps) {
  const t = useAdvertisingTexts();
  const id = useId();
  const [css, setCss] = useState(ad.css_override ?? "");
  const saving = useStepSave({ save, goNext });
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={id} className="font-medium">
        {t("ads.wizard.styling.css")}
      </label>
      <textarea
        id={id}
        rows={6}
        value={css}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setCss(e.target.value);
          onDraft({ css_override: e.target.value });
        }}
        className="rounded-ui border border-line px-3 py-2 font-mono"
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("ads.wizard.styling.hint")}
      </p>
      <WizardProblem text={saving.failure} />
      <Button
        variant="primary"
        className="self-start"
        disabled={saving.busy}
        onClick={() => void saving.run({ css_override: css || null })}
      >
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </div>
  );
}
