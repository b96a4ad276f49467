import { loginLinkRequestSchema, type TokenRequest, tokenRequestSchema } from "@market/domain";
import { useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { authFlags } from "../../api/error-reactions.ts";
import { isPatternRefusal, PatternChallenge } from "../../auth/PatternChallenge.tsx";
import { RequestLimitNotice } from "../../components/RequestLimitNotice.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button } from "../../components/ui/index.ts";
import type { TextLookup } from "../../state/site-config.ts";
import { useAccountTexts } from "./account-texts.ts";
import { Field } from "./account-ui.tsx";
import { useFinishLogin } from "./login-flow.ts";

/**
 * The message for a failed login (spec section 8): 403 and a plain 401 are "Invalid credentials"; a locked
 * account says so; a rate limit is shown by its countdown instead; challenges pass on the server's words.
 */
export function loginFailureMessage(error: unknown, t: TextLookup): string | null {
  if (!(error instanceof ApiError)) return t("error.title");
  if (error.status === 429) return null;
  if (error.status === 401 && error.reason === "insufficient_permissions") return t("login.locked");
  const challenge = error.reason && error.reason !== "invalid_token";
  if ((error.status === 401 && !challenge) || error.status === 403) return t("login.invalidCredentials");
  return error.message;
}

type Credentials = Pick<TokenRequest, "username" | "password">;

const { username: usernameSchema, password: passwordSchema } = tokenRequestSchema.shape;

export default function LoginPage() {
  const t = useAccountTexts();
  const finishLogin = useFinishLogin();
  const locked = useSyncExternalStore(authFlags.subscribe, () => authFlags.get().loginLocked);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);
  const [patternFor, setPatternFor] = useState<Credentials | null>(null);
  // POST /auth/token's own schema; problems show once Log in is pressed, then as the fields change.
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useDomainForm(tokenRequestSchema, { defaultValues: { username: "", password: "" }, mode: "onSubmit" });
  // An empty field is said in the login's own words; any other broken limit in the shared ones.
  const usernameError =
    errors.username?.type === "too_small" ? t("login.usernameRequired") : errors.username?.message;
  const passwordError =
    errors.password?.type === "too_small" ? t("login.passwordRequired") : errors.password?.message;

  const onSubmit = async ({ username, password }: TokenRequest) => {
    setFailure(null);
    setLinkSent(false);
    const credentials = { username, password };
    try {
      const result = await api.call("POST /auth/token", { body: credentials, auth: false });
      await finishLogin(result);
    } catch (error) {
      if (isPatternRefusal(error)) setPatternFor(credentials);
      else setFailure(loginFailureMessage(error, t));
    }
  };

  const sendLink = async () => {
    setFailure(null);
    // The link's own endpoint schema: it needs the username (or e-mail address) and nothing else.
    const request = loginLinkRequestSchema.safeParse({ username: getValues("username"), event: "login" });
    if (!request.success) {
      setError("username", { type: "required", message: t("login.linkNeedsUsername") });
      return;
    }
    clearErrors("username");
    try {
      await api.call("POST /auth/token/email-login-link", { body: request.data, auth: false });
      setLinkSent(true);
    } catch (error) {
      setFailure(loginFailureMessage(error, t));
    }
  };

  if (patternFor) {
    return (
      <section className="mx-auto max-w-md py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("login.title")}</h1>
        <PatternChallenge
          attempt={(pattern) =>
            api.call("POST /auth/token", { body: { ...patternFor, pattern }, auth: false })
          }
          onComplete={(result) => void finishLogin(result)}
          onFailure={(error) => setFailure(loginFailureMessage(error, t))}
          onExhausted={() => setPatternFor(null)}
        />
        <div role="alert" className="mt-2 text-danger empty:hidden">
          {failure}
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-sm py-6">
      <SiteBanner imageKey="login" className="mb-6" />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("login.title")}</h1>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 flex flex-col gap-4">
        <Field
          id="login-username"
          label={t("login.username")}
          type="text"
          autoComplete="username"
          maxLength={usernameSchema.maxLength ?? undefined}
          error={usernameError}
          {...register("username")}
        />
        <Field
          id="login-password"
          label={t("login.password")}
          type="password"
          autoComplete="current-password"
          maxLength={passwordSchema.maxLength ?? undefined}
          error={passwordError}
          {...register("password")}
        />
        <div role="alert" className="text-danger empty:hidden">
          {failure ?? (locked ? t("login.locked") : null)}
        </div>
        <RequestLimitNotice
          path="/auth/token"
          countdownText={(time) => t("login.tryAgainIn", { time })}
          waitText={t("login.tooMany")}
        />
        <Button variant="primary" type="submit" disabled={isSubmitting}>
          {t("login.submit")}
        </Button>
        <Button variant="secondary" onClick={sendLink}>
          {t("login.linkButton")}
        </Button>
        <RequestLimitNotice
          path="/auth/token/email-login-link"
          countdownText={(time) => t("login.tryAgainIn", { time })}
          waitText={t("login.tooMany")}
        />
        <p role="status" className="font-medium empty:hidden">
          {linkSent ? t("login.linkSent") : ""}
        </p>
      </form>
      <p className="mt-6 text-sm">
        {t("login.noAccount")}{" "}
        <Link to="/sign-up" className="font-medium text-accent underline">
          {t("nav.signUp")}
        </Link>
      </p>
    </section>
  );
}
