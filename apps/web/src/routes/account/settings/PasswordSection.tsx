import { changePasswordSchema } from "@market/domain";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { NewPasswordField } from "../account-ui.tsx";
import {
  CurrentPasswordField,
  passwordRefusal,
  type SaveContext,
  SaveForm,
  Section,
  useSectionForm,
} from "./settings-ui.tsx";

/** Changes the password, or sets a first one for an account that signs in by e-mailed links alone. */
export function PasswordSection({ t, user, saved }: SaveContext) {
  // Without a password yet there is no current one to give: the field is not there, nor in the body.
  const empty = user.has_password ? { currentPassword: "", newPassword: "" } : { newPassword: "" };
  const form = useSectionForm(t, changePasswordSchema, { defaultValues: empty });
  const { errors } = form.formState;
  const onValid = async (body: z.output<typeof changePasswordSchema>) => {
    const failure = await form.save.run(async () => {
      saved(
        await api.call("PUT /users/self/password", { body }),
        t(user.has_password ? "settings.passwordChanged" : "settings.passwordSet"),
      );
    });
    const refused = passwordRefusal(failure, t);
    if (!failure) form.reset(empty);
    else if (refused) form.setError("currentPassword", refused);
  };
  return (
    <Section title={t("settings.passwordSection")}>
      {user.password_expired ? (
        <p className="font-medium text-danger">{t("settings.passwordExpired")}</p>
      ) : null}
      {user.has_password ? null : <p>{t("settings.noPasswordYet")}</p>}
      <SaveForm
        form={form}
        onValid={onValid}
        submit={t(user.has_password ? "settings.savePassword" : "settings.setPassword")}
      >
        {user.has_password ? (
          <CurrentPasswordField
            id="settings-current-password"
            label={t("settings.currentPassword")}
            error={errors.currentPassword?.message}
            {...form.register("currentPassword")}
          />
        ) : null}
        <NewPasswordField
          id="settings-new-password"
          label={t("settings.newPassword")}
          error={errors.newPassword?.message}
          {...form.register("newPassword")}
        />
      </SaveForm>
    </Section>
  );
}
