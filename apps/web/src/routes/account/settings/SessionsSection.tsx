import { useNavigate } from "react-router";
import { api } from "../../../api/client.ts";
import { Button } from "../../../components/ui/index.ts";
import { Section, type T, useSave } from "./settings-ui.tsx";

/** Ends every session of the account on the server, this one too, then signs out here. */
export function SessionsSection({ t }: { t: T }) {
  const navigate = useNavigate();
  const save = useSave(t);
  const signOutEverywhere = () =>
    save.run(async () => {
      await api.call("POST /auth/logout-all");
      navigate("/logout");
    });
  return (
    <Section title={t("settings.sessionsSection")}>
      <p>{t("settings.sessionsIntro")}</p>
      {save.failure}
      <div>
        <Button variant="secondary" disabled={save.busy} onClick={signOutEverywhere}>
          {t("settings.signOutEverywhere")}
        </Button>
      </div>
    </Section>
  );
}
