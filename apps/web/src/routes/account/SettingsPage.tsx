import { type SelfUser, TIMINGS } from "@market/domain";
import { useCallback, useEffect, useState } from "react";
import { useAccountTexts } from "./account-texts.ts";
import { AvatarSection } from "./settings/AvatarSection.tsx";
import { BillingSection } from "./settings/BillingSection.tsx";
import { DeactivateSection } from "./settings/DeactivateSection.tsx";
import { NameSection } from "./settings/NameSection.tsx";
import { PasswordSection } from "./settings/PasswordSection.tsx";
import { PatternSection } from "./settings/PatternSection.tsx";
import { RecoverySection } from "./settings/RecoverySection.tsx";
import { SessionsSection } from "./settings/SessionsSection.tsx";
import { UsernameSection } from "./settings/UsernameSection.tsx";
import { VerifyEmailNotice } from "./settings/VerifyEmailNotice.tsx";
import { useOwnAccount } from "./use-own-account.ts";

/** /profile/@{username}/settings: the signed-in user's own account, one section saved at a time. */
export default function SettingsPage() {
  const t = useAccountTexts();
  const { user, store } = useOwnAccount(60_000);
  const [toast, setToast] = useState("");

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(""), TIMINGS.favoriteNoticeMs);
    return () => clearTimeout(timer);
  }, [toast]);

  const saved = useCallback(
    (updated: SelfUser | null, message?: string) => {
      if (updated) store(updated);
      setToast(message ?? t("settings.saved"));
    },
    [store, t],
  );

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("settings.title")}</h1>
      <p
        role="status"
        aria-live="polite"
        className="fixed right-4 bottom-4 z-40 rounded-ui bg-ink px-4 py-2 text-paper empty:hidden"
      >
        {toast}
      </p>
      {user ? (
        <div className="mt-6 flex flex-col gap-6">
          {!user.email_verified ? <VerifyEmailNotice t={t} user={user} /> : null}
          <NameSection key={`name-${user.first_name}-${user.last_name}`} t={t} user={user} saved={saved} />
          <UsernameSection key={`username-${user.username}`} t={t} user={user} saved={saved} />
          <AvatarSection t={t} user={user} saved={saved} />
          <BillingSection
            key={`billing-${JSON.stringify(user.billing ?? null)}`}
            t={t}
            user={user}
            saved={saved}
          />
          <PasswordSection t={t} user={user} saved={saved} />
          <RecoverySection key={`recovery-${user.recovery_email ?? ""}`} t={t} user={user} saved={saved} />
          <PatternSection t={t} user={user} saved={saved} />
          <SessionsSection t={t} />
          <DeactivateSection t={t} user={user} saved={saved} />
        </div>
      ) : (
        <p className="mt-6 text-muted" aria-busy="true">
          …
        </p>
      )}
    </section>
  );
}
