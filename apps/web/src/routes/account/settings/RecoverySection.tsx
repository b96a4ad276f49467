import { recoveryEmailSchema } from "@market/domain";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { Button } from "../../../components/ui/index.ts";
import { Field } from "../account-ui.tsx";
import { signUpErrorText } from "../sign-up-form.ts";
import { type SaveContext, SaveForm, Section, useSectionForm } from "./settings-ui.tsx";

/** The second address login links may go to; saved, changed or removed. */
export function RecoverySection({ t, user, saved }: SaveContext) {
  const form = useSectionForm(t, recoveryEmailSchema, {
    defaultValues: { recoveryEmail: user.recovery_email ?? "" },
  });
  const { errors } = form.formState;
  const send = (body: z.output<typeof recoveryEmailSchema>) =>
    form.save.run(async () => saved(await api.call("PUT /users/self/recovery-email", { body })));
  const remove = async () => {
    if (!(await send({ recoveryEmail: null }))) form.reset({ recoveryEmail: "" });
  };
  return (
    <Section title={t("settings.recoverySection")}>
      <SaveForm
        form={form}
        onValid={async (body) => {
          await send(body);
        }}
        submit={t("settings.saveRecovery")}
        more={
          user.recovery_email ? (
            <Button variant="secondary" disabled={form.busy} onClick={remove}>
              {t("settings.removeRecovery")}
            </Button>
          ) : null
        }
      >
        <Field
          id="settings-recovery-email"
          label={t("settings.recoveryEmail")}
          type="email"
          autoComplete="email"
          hint={t("settings.recoveryHint")}
          error={signUpErrorText(errors.recoveryEmail?.message)}
          {...form.register("recoveryEmail")}
        />
      </SaveForm>
    </Section>
  );
}
