import { REF_CODE_PATTERN, type SignUpRequest, signUpRequestSchema, TIMINGS } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, api, fileUrl } from "../../api/client.ts";
import { RequestLimitNotice } from "../../components/RequestLimitNotice.tsx";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button } from "../../components/ui/index.ts";
import { raiseFooterFlag } from "../../state/footer-flags.ts";
import { ACCOUNT_STORAGE_KEYS, keepPostSignUpRoute } from "../../state/post-login.ts";
import { rememberPath, storeSession } from "../../state/session.ts";
import { greetingName, noticeSession } from "../../state/session-notices.ts";
import { useAccountTexts } from "./account-texts.ts";
import { Field, NewPasswordField, useUsernameAvailability } from "./account-ui.tsx";
import {
  nameFieldOf,
  type SignUpField,
  serverFieldOf,
  signUpErrorText,
  signUpMessage,
} from "./sign-up-form.ts";

type PanelPhase = "site" | "intermediate" | "captcha";

/**
 * The left panel: the site image (spec: on submit an intermediate image, and 500 ms later the captcha's),
 * then what an account gives, so the panel says why to sign up instead of standing empty.
 */
function SignUpPanel({ phase }: { phase: PanelPhase }) {
  const t = useAccountTexts();
  const { data } = useQuery({
    queryKey: ["site", "site-images", "sign-up"],
    queryFn: ({ signal }) => api.call("GET /site-images/:key", { params: { key: "sign-up" }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const locator = data?.variation?.image_locator;
  // The banner (3:1) shows whole, on its own accent colour: contained, not stretched or cropped.
  const style =
    phase === "site" && locator
      ? {
          backgroundImage: `url("${fileUrl(locator)}")`,
          backgroundColor: data?.variation?.colors[0]?.color_hex,
        }
      : undefined;
  const phaseClass =
    phase === "intermediate"
      ? "sign-up-panel-intermediate"
      : phase === "captcha"
        ? "sign-up-panel-captcha"
        : "bg-wash";
  const benefits = ["signUp.benefitFree", "signUp.benefitSave", "signUp.benefitSell"] as const;
  return (
    <aside className="hidden self-start overflow-hidden rounded-card border border-line md:block">
      <div
        aria-hidden="true"
        data-phase={phase}
        className={`aspect-[3/1] bg-contain bg-center bg-no-repeat ${phaseClass}`}
        style={style}
      />
      <div className="flex flex-col gap-3 p-6">
        <h2 className="text-lg font-bold">{t("signUp.benefitsTitle")}</h2>
        <ul className="flex flex-col gap-2">
          {benefits.map((key) => (
            <li key={key} className="flex gap-2">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="mt-0.5 size-5 shrink-0 text-success-text"
                fill="currentColor"
              >
                <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
              </svg>
              {t(key)}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

function bufferedRefCode(): string | undefined {
  const code = localStorage.getItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode);
  return code && REF_CODE_PATTERN.test(code) && code.length <= 20 ? code : undefined;
}

export default function SignUpPage() {
  const t = useAccountTexts();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const fromGift = search.get("from") === "gift";
  // An invitation to a colleague's seat (issue 23) links here with the invited address and where to go
  // next (?email=&next=/profile/licences): the address is filled in, and the success page leads on.
  const invitedEmail = search.get("email") ?? "";
  const next = search.get("next");
  useEffect(() => {
    if (next) rememberPath(next);
  }, [next]);
  const [phase, setPhase] = useState<PanelPhase>("site");
  const [accountExists, setAccountExists] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // POST /auth/sign-up's own schema, whose refinement runs the domain's sign-up rules; as the user types.
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm(signUpRequestSchema, {
    mode: "onChange",
    defaultValues: { email: invitedEmail, firstName: "", lastName: "", username: "", password: "" },
  });
  const availability = useUsernameAvailability(watch("username"));

  useEffect(() => {
    if (phase !== "intermediate") return;
    const timer = setTimeout(() => setPhase("captcha"), TIMINGS.signUpImageSwitchMs);
    return () => clearTimeout(timer);
  }, [phase]);

  const onSubmit = async (values: SignUpRequest) => {
    if (availability === "taken") return;
    setFailure(null);
    setAccountExists(false);
    setPhase("intermediate");
    const refCode = bufferedRefCode();
    const body: SignUpRequest = { ...values, ...(refCode ? { refCode } : {}) };
    try {
      const result = await api.call("POST /auth/sign-up", { body, auth: false });
      storeSession(result.accessToken, result.user);
      // A new account is welcomed as new, in the footer and where the eye is (not "welcome back").
      raiseFooterFlag("justSignedUp");
      noticeSession("session.signedUp", { name: greetingName(result.user) });
      keepPostSignUpRoute(localStorage, fromGift);
      localStorage.removeItem(ACCOUNT_STORAGE_KEYS.bufferedRefCode);
      navigate("/sign-up/success", { replace: true, state: { email: result.user.email } });
    } catch (error) {
      setPhase("site");
      if (!(error instanceof ApiError)) {
        setFailure(t("signUp.failed"));
        return;
      }
      if (error.code === "account_exists") setAccountExists(true);
      let placed = false;
      for (const [field, code] of Object.entries(error.fields ?? {})) {
        const target = serverFieldOf(field, code);
        if (!target || code === "account_exists") continue;
        setError(target as SignUpField, { type: "server", message: signUpMessage(code) });
        placed = true;
      }
      if (error.code === "username_taken" && !placed) {
        setError("username", { type: "server", message: signUpMessage("username_taken") });
        placed = true;
      }
      if (!placed && error.code !== "account_exists" && error.status !== 429) setFailure(t("signUp.failed"));
    }
  };

  // The schema names the first name for any name problem; it shows where the fix is (the server's were
  // placed by serverFieldOf when they came).
  const nameProblem = errors.firstName?.message;
  const nameOnLast =
    errors.firstName?.type === "custom" &&
    nameFieldOf(getValues("firstName"), nameProblem ?? "") === "lastName";
  const usernameError =
    signUpErrorText(errors.username?.message) ??
    (availability === "taken" ? signUpMessage("username_taken") : null);
  const usernameNote =
    !errors.username && availability === "checking"
      ? t("signUp.usernameChecking")
      : !errors.username && availability === "available"
        ? t("signUp.usernameAvailable")
        : null;

  return (
    <section className="grid gap-8 md:grid-cols-2">
      <SignUpPanel phase={phase} />
      <div className="max-w-md">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("signUp.title")}</h1>
        {fromGift ? <p className="mt-2 text-muted">{t("signUp.giftNote")}</p> : null}
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 flex flex-col gap-4">
          <Field
            id="sign-up-email"
            label={t("signUp.email")}
            type="email"
            autoComplete="email"
            hint={t("signUp.emailHint")}
            error={accountExists ? null : signUpErrorText(errors.email?.message)}
            {...register("email")}
          />
          {accountExists ? (
            <p role="alert" className="-mt-2 text-sm font-medium text-danger">
              {t("signUp.accountExists")}.{" "}
              <Link to="/login" className="underline">
                {t("signUp.logInInstead")}
              </Link>
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="sign-up-first-name"
              label={t("signUp.firstName")}
              autoComplete="given-name"
              error={nameOnLast ? undefined : signUpErrorText(nameProblem)}
              {...register("firstName")}
            />
            <Field
              id="sign-up-last-name"
              label={t("signUp.lastName")}
              autoComplete="family-name"
              error={signUpErrorText(errors.lastName?.message ?? (nameOnLast ? nameProblem : undefined))}
              {...register("lastName", { deps: ["firstName"] })}
            />
          </div>
          <p className="-mt-2 text-sm text-muted">{t("signUp.nameHint")}</p>
          <Field
            id="sign-up-username"
            label={t("signUp.username")}
            autoComplete="username"
            hint={t("signUp.usernameHint")}
            error={usernameError}
            note={usernameNote}
            {...register("username")}
          />
          <NewPasswordField
            id="sign-up-password"
            label={t("signUp.password")}
            error={errors.password?.message}
            {...register("password")}
          />
          <div role="alert" className="text-danger empty:hidden">
            {failure}
          </div>
          <RequestLimitNotice
            path="/auth/sign-up"
            countdownText={(time) => t("login.tryAgainIn", { time })}
            waitText={t("login.tooMany")}
          />
          <Button variant="primary" type="submit" disabled={isSubmitting}>
            {t("signUp.submit")}
          </Button>
        </form>
        <p className="mt-6 text-sm">
          {t("signUp.haveAccount")}{" "}
          <Link to="/login" className="font-medium text-accent underline">
            {t("nav.login")}
          </Link>
        </p>
      </div>
    </section>
  );
}
