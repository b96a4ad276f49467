import type { SelfUser } from "@market/domain";
import { useState } from "react";
import { api } from "../../../api/client.ts";
import { Button } from "../../../components/ui/index.ts";
import type { T } from "./settings-ui.tsx";

/** Asks an unverified user to follow the e-mailed link, and sends it again on request. */
export function VerifyEmailNotice({ t, user }: { t: T; user: SelfUser }) {
  const [state, setState] = useState<"idle" | "sent" | "failed">("idle");
  return (
    <div className="rounded-ui border-2 border-message bg-message p-4 text-message-text">
      <h2 className="font-bold">{t("settings.verifyEmail")}</h2>
      <p className="mt-1">{t("settings.verifyEmailBody", { email: user.email })}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() =>
          api.call("POST /auth/verification-email").then(
            () => setState("sent"),
            () => setState("failed"),
          )
        }
      >
        {t("settings.resend")}
      </Button>
      <p role="status" className="mt-1 empty:hidden">
        {state === "sent" ? t("settings.resent") : state === "failed" ? t("save.failed") : ""}
      </p>
    </div>
  );
}
