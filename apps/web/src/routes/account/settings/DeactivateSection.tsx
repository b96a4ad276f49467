import { confirmPasswordSchema } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { api } from "../../../api/client.ts";
import { Button } from "../../../components/ui/index.ts";
import { statusPath } from "../../../guards/user-permissions.ts";
import { PERMISSIONS_KEY } from "../../../state/permissions.ts";
import {
  CurrentPasswordField,
  passwordRefusal,
  type SaveContext,
  SaveForm,
  Section,
  useSectionForm,
} from "./settings-ui.tsx";

/** Deactivates the account once the password confirms it, then shows the account's status page. */
export function DeactivateSection({ t, user, saved }: SaveContext) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const form = useSectionForm(t, confirmPasswordSchema, { defaultValues: { password: "" } });
  const onValid = async (body: z.output<typeof confirmPasswordSchema>) => {
    const refused = passwordRefusal(
      await form.save.run(async () => {
        saved(await api.call("POST /users/self/deactivate", { body }), "");
        await queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY });
        navigate(statusPath(user.username));
      }),
      t,
    );
    if (refused) form.setError("password", refused);
  };
  return (
    <Section title={t("settings.deactivateSection")}>
      <p>{t("settings.deactivateIntro")}</p>
      {asking ? (
        <SaveForm
          form={form}
          onValid={onValid}
          submit={t("settings.deactivateConfirm")}
          variant="danger"
          more={
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t("settings.cancel")}
            </Button>
          }
        >
          <CurrentPasswordField
            id="settings-deactivate-password"
            label={t("settings.deactivatePassword")}
            error={form.formState.errors.password?.message}
            {...form.register("password")}
          />
        </SaveForm>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t("settings.deactivate")}
          </Button>
        </div>
      )}
    </Section>
  );
}
