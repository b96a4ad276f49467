import { updateSelfSchema } from "@market/domain";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { Field } from "../account-ui.tsx";
import { signUpErrorText } from "../sign-up-form.ts";
import { type SaveContext, SaveForm, Section, useSectionForm } from "./settings-ui.tsx";

type UpdateSelf = z.output<typeof updateSelfSchema>;

/** First and last name, judged together by the sign-up rules that PATCH /users/self applies. */
export function NameSection({ t, user, saved }: SaveContext) {
  const form = useSectionForm(t, updateSelfSchema, {
    defaultValues: { firstName: user.first_name, lastName: user.last_name },
  });
  const { errors } = form.formState;
  // The schema judges both names at once and names the first; the problem is said once, under both.
  const problem = signUpErrorText(errors.firstName?.message ?? errors.lastName?.message);
  const onValid = async ({ firstName, lastName }: UpdateSelf) => {
    await form.save.run(async () => {
      saved(await api.call("PATCH /users/self", { body: { firstName, lastName } }));
    });
  };
  return (
    <Section title={t("settings.nameSection")}>
      <SaveForm form={form} onValid={onValid} submit={t("settings.saveName")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id="settings-first-name"
            label={t("signUp.firstName")}
            autoComplete="given-name"
            {...form.register("firstName", { deps: ["lastName"] })}
          />
          <Field
            id="settings-last-name"
            label={t("signUp.lastName")}
            autoComplete="family-name"
            {...form.register("lastName", { deps: ["firstName"] })}
          />
        </div>
        <p className={`text-sm ${problem ? "font-medium text-danger" : "text-muted"}`} aria-live="polite">
          {problem ?? t("signUp.nameHint")}
        </p>
      </SaveForm>
    </Section>
  );
}
