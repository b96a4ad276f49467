import type { AdPatch } from "@market/domain";
import { useState } from "react";
import { useAdvertisingTexts } from "../advertising-texts.ts";
import type { StepProps } from "./ad-step.ts";

/**
 * Saving a step that is not a text form (the grades, the styling): one save at a time, then on to the
 * next step; a save that fails stays on the step and says so, so the advertiser can try again.
 */
export function useStepSave({ save, goNext }: Pick<StepProps, "save" | "goNext">) {
  const t = useAdvertisingTexts();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (patch: AdPatch) => {
    setBusy(true);
    setFailure(null);
    try {
      await save(patch);
      goNext();
    } catch {
      setFailure(t("ads.wizard.saveFailed"));
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, failure };
}
