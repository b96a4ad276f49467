import { Link, useLocation } from "react-router";
import { ACCOUNT_STORAGE_KEYS, peekPostSignUpRoute } from "../../state/post-login.ts";
import { useSession } from "../../state/session.ts";
import { useAccountTexts } from "./account-texts.ts";

/** /sign-up/success: the verification mail is on its way, and what to do next. */
export default function SignUpSuccessPage() {
  const t = useAccountTexts();
  const session = useSession();
  const state = useLocation().state as { email?: string } | null;
  const email = state?.email ?? session?.user?.email ?? "";
  const giftRoute = peekPostSignUpRoute(localStorage);
  return (
    <section className="mx-auto max-w-lg py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("signUpSuccess.title")}</h1>
      <p className="mt-4">{t("signUpSuccess.body", { email: email || "your e-mail address" })}</p>
      {session ? <p className="mt-2 text-muted">{t("signUpSuccess.next")}</p> : null}
      <p className="mt-6">
        <Link
          to={giftRoute ?? "/"}
          onClick={() => {
            if (giftRoute) localStorage.removeItem(ACCOUNT_STORAGE_KEYS.postSignUpRoute);
          }}
          className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text"
        >
          {giftRoute ? t("signUpSuccess.continueGift") : t("signUpSuccess.continue")}
        </Link>
      </p>
    </section>
  );
}
