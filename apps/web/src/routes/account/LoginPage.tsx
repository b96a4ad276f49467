import { zodResolver } from "@hookform/resolvers/zod";
import {
  decidePostLoginRoute,
  type LoginResponse,
  type TokenRequest,
  tokenRequestSchema,
} from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { decideAfterLoginRoute } from "../../guards/authentication.ts";
import { selfUserKey } from "../../state/self-user.ts";
import {
  decodeAccessClaims,
  forgetRememberedPath,
  peekRememberedPath,
  storeSession,
} from "../../state/session.ts";
import { type TextLookup, useTexts } from "../../state/site-config.ts";

const inputClass = "mt-1 block w-full rounded-ui border border-line bg-paper px-3 py-2";

/** The message for a failed login: 401 and 403 are "Invalid credentials" (spec section 8). */
export function loginFailureMessage(error: unknown, t: TextLookup): string {
  if (!(error instanceof ApiError)) return t("error.title");
  const challenge = error.reason && error.reason !== "invalid_token";
  if ((error.status === 401 && !challenge) || error.status === 403) return t("login.invalidCredentials");
  return error.message;
}

/**
 * The domain's post-login order (spec section 4). Sign-up routes, buffered ref codes, donation prompts, ads and
 * the settings flag arrive with their issues; until then only the stored redirect decides.
 */
export function postLoginRoute(result: LoginResponse, storedRedirect: string): string {
  return decidePostLoginRoute({
    postSignUpRoute: null,
    reloadFlag: false,
    bufferedRefCode: null,
    donateAmount: null,
    donationPromptActive: false,
    user: {
      username: result.user.username,
      isMasterAccount: result.user.is_master_account,
      isAdmin: decodeAccessClaims(result.accessToken)?.scopes.includes("admin") ?? false,
      donationDate: result.user.donation_date,
    },
    adsShown: false,
    settingsFlag: false,
    storedRedirect,
  }).route;
}

export default function LoginPage() {
  const t = useTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TokenRequest>({
    resolver: zodResolver(tokenRequestSchema),
    defaultValues: { username: "", password: "" },
  });

  const onSubmit = async (values: TokenRequest) => {
    setFailure(null);
    try {
      const result = await api.post<LoginResponse>("/auth/token", values, { auth: false });
      storeSession(result.accessToken, result.user);
      queryClient.setQueryData(selfUserKey(decodeAccessClaims(result.accessToken)?.sub ?? ""), result.user);
      const storedRedirect = decideAfterLoginRoute(search.get("next"), peekRememberedPath());
      forgetRememberedPath();
      navigate(postLoginRoute(result, storedRedirect), { replace: true });
    } catch (error) {
      setFailure(loginFailureMessage(error, t));
    }
  };

  return (
    <section className="mx-auto max-w-sm py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("login.title")}</h1>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 flex flex-col gap-4">
        <div>
          <label htmlFor="login-username" className="font-medium">
            {t("login.username")}
          </label>
          <input
            id="login-username"
            type="text"
            autoComplete="username"
            maxLength={64}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? "login-username-error" : undefined}
            className={inputClass}
            {...register("username")}
          />
          {errors.username ? (
            <p id="login-username-error" className="mt-1 text-sm text-danger">
              {t("login.usernameRequired")}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="login-password" className="font-medium">
            {t("login.password")}
          </label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            maxLength={128}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "login-password-error" : undefined}
            className={inputClass}
            {...register("password")}
          />
          {errors.password ? (
            <p id="login-password-error" className="mt-1 text-sm text-danger">
              {t("login.passwordRequired")}
            </p>
          ) : null}
        </div>
        <div role="alert" className="min-h-6 text-danger">
          {failure}
        </div>
        <button
          type="submit"
          disabled={isSubmitting}
          className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text disabled:opacity-60"
        >
          {t("login.submit")}
        </button>
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
