import { useLocation } from "react-router";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { LinkButton } from "../../components/ui/index.ts";
import { ACCOUNT_STORAGE_KEYS, peekPostSignUpRoute } from "../../state/post-login.ts";
import { forgetRememberedPath, peekRememberedPath, useSession } from "../../state/session.ts";
import { useAccountTexts } from "./account-texts.ts";

/** /sign-up/success: the verification mail is on its way, and what to do next. */
export default function SignUpSuccessPage() {
  const t = useAccountTexts();
  const session = useSession();
  const state = useLocation().state as { email?: string } | null;
  const email = state?.email ?? session?.user?.email ?? "";
  const giftRoute = peekPostSignUpRoute(localStorage);
  // Where the visitor was going when they were asked to sign up (a Buy button, a favorite): back there.
  const remembered = giftRoute ? null : peekRememberedPath();
  return (
    <section className="mx-auto max-w-lg py-6">
      <SiteBanner imageKey="welcome" className="mb-6" />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("signUpSuccess.title")}</h1>
      <p className="mt-4">{t("signUpSuccess.body", { email: email || "your e-mail address" })}</p>
      {session ? <p className="mt-2 text-muted">{t("signUpSuccess.next")}</p> : null}
      <p className="mt-6">
        <LinkButton
          to={giftRoute ?? remembered ?? "/"}
          onClick={() => {
            if (giftRoute) localStorage.removeItem(ACCOUNT_STORAGE_KEYS.postSignUpRoute);
            if (remembered) forgetRememberedPath();
          }}
        >
          {giftRoute
            ? t("signUpSuccess.continueGift")
            : remembered
              ? t("signUpSuccess.continueBack")
              : t("signUpSuccess.continue")}
        </LinkButton>
      </p>
    </section>
  );
}
