import { COUNTS, confirmPasswordSchema, PATTERN_LENGTH, securityPatternRequestSchema } from "@market/domain";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { patternImageUrl } from "../../../auth/pattern-machine.ts";
import { Button } from "../../../components/ui/index.ts";
import {
  CurrentPasswordField,
  passwordRefusal,
  type SaveContext,
  SaveForm,
  Section,
  useSectionForm,
} from "./settings-ui.tsx";

const EMPTY = { password: "", pattern: [] as number[] };

/** The security pattern asked at login: chosen image by image, saved or removed with the password. */
export function PatternSection({ t, user, saved }: SaveContext) {
  const form = useSectionForm(t, securityPatternRequestSchema, { defaultValues: EMPTY });
  const pattern = form.watch("pattern") ?? [];
  const choose = (next: number[]) => form.setValue("pattern", next, { shouldDirty: true });
  // Removing asks for the password alone: DELETE's own body schema says whether it may be sent.
  const removal = confirmPasswordSchema.safeParse({ password: form.watch("password") });
  const done = (failure: unknown) => {
    const refused = passwordRefusal(failure, t);
    if (!failure) form.reset(EMPTY);
    else if (refused) form.setError("password", refused);
  };
  const onValid = async (body: z.output<typeof securityPatternRequestSchema>) =>
    done(
      await form.save.run(async () => saved(await api.call("PUT /users/self/security-pattern", { body }))),
    );
  const remove = async () => {
    if (!removal.success) return;
    const body = removal.data;
    done(
      await form.save.run(async () => saved(await api.call("DELETE /users/self/security-pattern", { body }))),
    );
  };
  return (
    <Section title={t("settings.patternSection")}>
      <p>{user.has_security_pattern ? t("settings.patternOn") : t("settings.patternOff")}</p>
      <SaveForm
        form={form}
        onValid={onValid}
        submit={t("settings.savePattern")}
        more={
          user.has_security_pattern ? (
            <Button variant="secondary" disabled={form.busy || !removal.success} onClick={remove}>
              {t("settings.removePattern")}
            </Button>
          ) : null
        }
      >
        <p className="text-sm text-muted">{t("pattern.intro")}</p>
        <div className="grid max-w-md grid-cols-7 gap-2">
          {Array.from({ length: COUNTS.patternImages }, (_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the 14 images are fixed
              key={index}
              type="button"
              aria-label={t("pattern.image", { n: String(index + 1) })}
              // A guard while choosing, as maxLength is for typing: the schema states the rule.
              disabled={pattern.length >= PATTERN_LENGTH.max}
              onClick={() => choose([...pattern, index])}
              className="aspect-square overflow-hidden rounded-ui border border-line disabled:opacity-60"
            >
              <img src={patternImageUrl(index)} alt="" className="h-full w-full object-cover" />
            </button>
          ))}
        </div>
        <p className="text-sm" aria-live="polite">
          {t("pattern.chosen", { count: String(pattern.length) })}
        </p>
        <div>
          <Button variant="secondary" onClick={() => choose([])} disabled={pattern.length === 0}>
            {t("pattern.clear")}
          </Button>
        </div>
        <CurrentPasswordField
          id="settings-pattern-password"
          label={t("settings.patternPassword")}
          error={form.formState.errors.password?.message}
          {...form.register("password")}
        />
      </SaveForm>
    </Section>
  );
}
