import { GRADES, type Grade, isTargetingComplete } from "@market/domain";
import { useState } from "react";
import { Button } from "../../../components/ui/index.ts";
import { WizardProblem } from "../../../components/wizard/WizardProblem.tsx";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import type { StepProps } from "./ad-step.ts";
import { useStepSave } from "./use-step-save.ts";

export function TargetingStep({ ad, save, goNext }: StepProps) {
  const t = useAdvertisingTexts();
  // The ad's grades were saved through the same list of grades (adPatchSchema); a box adds one of GRADES.
  const [grades, setGrades] = useState<Grade[]>(ad.gradesArray as Grade[]);
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useStepSave({ save, goNext });
  const submit = async () => {
    if (ad.ad_type === "2" && !isTargetingComplete({ gradesArray: grades })) {
      setProblem(t("ads.wizard.targeting.none"));
      return;
    }
    setProblem(null);
    await saving.run({ gradesArray: grades });
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2">{t("ads.wizard.targeting.legend")}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {GRADES.map((grade) => (
          <label key={grade} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={grades.includes(grade)}
              onChange={(e) =>
                setGrades((g) => (e.target.checked ? [...g, grade] : g.filter((x) => x !== grade)))
              }
            />
            {grade}
          </label>
        ))}
      </div>
      <WizardProblem text={problem ?? saving.failure} />
      <Button variant="primary" className="self-start" disabled={saving.busy} onClick={() => void submit()}>
        {t("ads.wizard.saveAndContinue")}
      </Button>
    </fieldset>
  );
}
