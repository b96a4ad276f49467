import { updateSelfSchema } from "@market/domain";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { ApiError, api } from "../../../api/client.ts";
import { Field, useUsernameAvailability } from "../account-ui.tsx";
import { signUpErrorText, signUpMessage } from "../sign-up-form.ts";
import { type SaveContext, SaveForm, Section, useSectionForm } from "./settings-ui.tsx";

/** The username, checked by PATCH /users/self's schema (the sign-up rules) and asked after as typed. */
export function UsernameSection({ t, user, saved }: SaveContext) {
  const navigate = useNavigate();
  const form = useSectionForm(t, updateSelfSchema, { defaultValues: { username: user.username } });
  const { errors } = form.formState;
  const username = form.watch("username") ?? "";
  const unchanged = username.trim().toLowerCase() === user.username.toLowerCase();
  const availability = useUsernameAvailability(username, unchanged);
  const error =
    signUpErrorText(errors.username?.message) ??
    (availability === "taken" ? signUpMessage("username_taken") : null);
  const onValid = async (values: z.output<typeof updateSelfSchema>) => {
    if (values.username === user.username) return;
    const failure = await form.save.run(async () => {
      const updated = await api.call("PATCH /users/self", { body: { username: values.username } });
      saved(updated);
      navigate(`/profile/@${encodeURIComponent(updated.username)}/settings`, { replace: true });
    });
    // The server's refusal in the sign-up's words, on the field (a name taken since it was checked).
    const code =
      failure instanceof ApiError
        ? (failure.fields?.username ?? (failure.code === "username_taken" ? failure.code : null))
        : null;
    if (code) form.setError("username", { type: "server", message: signUpMessage(code) });
  };
  return (
    <Section title={t("settings.usernameSection")}>
      <SaveForm
        form={form}
        onValid={onValid}
        submit={t("settings.saveUsername")}
        ready={!unchanged && error === null}
      >
        <Field
          id="settings-username"
          label={t("signUp.username")}
          autoComplete="username"
          hint={t("signUp.usernameHint")}
          error={error}
          note={!unchanged && !error && availability === "available" ? t("signUp.usernameAvailable") : null}
          {...form.register("username")}
        />
      </SaveForm>
    </Section>
  );
}
