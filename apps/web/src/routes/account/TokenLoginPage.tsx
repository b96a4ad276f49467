import type { LoginResponse } from "@market/domain";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client.ts";
import { isPatternRefusal, PatternChallenge } from "../../auth/PatternChallenge.tsx";
import { useAccountTexts } from "./account-texts.ts";
import { useFinishLogin } from "./login-flow.ts";

/**
 * One exchange per token, shared by every mount: React's strict mode runs effects twice, and a login link is
 * single use, so the second run must await the first request rather than send another.
 */
const exchanges = new Map<string, Promise<LoginResponse>>();

export function exchangeLoginToken(loginToken: string): Promise<LoginResponse> {
  let exchange = exchanges.get(loginToken);
  if (!exchange) {
    exchange = api.call("POST /auth/token/login-token", { body: { loginToken }, auth: false });
    exchanges.set(loginToken, exchange);
    // A failed exchange may be tried again later (with the pattern, or after a reload).
    exchange.catch(() => exchanges.delete(loginToken));
  }
  return exchange;
}

type Phase = "working" | "pattern" | "invalid" | "failed" | "missing";

export default function TokenLoginPage() {
  const t = useAccountTexts();
  const finishLogin = useFinishLogin();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const [phase, setPhase] = useState<Phase>(token ? "working" : "missing");
  const [message, setMessage] = useState<string | null>(null);

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.status === 403) {
      setPhase("invalid");
      return;
    }
    setPhase("failed");
    setMessage(error instanceof ApiError ? error.message : t("error.title"));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the exchange runs once per token
  useEffect(() => {
    if (!token) return;
    let live = true;
    exchangeLoginToken(token).then(
      (result) => {
        if (live) void finishLogin(result);
      },
      (error: unknown) => {
        if (!live) return;
        if (isPatternRefusal(error)) setPhase("pattern");
        else fail(error);
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section className="mx-auto max-w-md py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("tokenLogin.title")}</h1>
      {phase === "working" ? (
        <p role="status" className="mt-4">
          {t("tokenLogin.working")}
        </p>
      ) : null}
      {phase === "pattern" ? (
        <PatternChallenge
          attempt={(pattern) =>
            api.call("POST /auth/token/login-token", { body: { loginToken: token, pattern }, auth: false })
          }
          onComplete={(result) => void finishLogin(result)}
          onFailure={fail}
          onExhausted={() => navigate("/login")}
        />
      ) : null}
      {phase === "invalid" || phase === "missing" || phase === "failed" ? (
        <div className="mt-4">
          <p role="alert" className="font-medium text-danger">
            {phase === "invalid"
              ? t("login.invalidToken")
              : phase === "missing"
                ? t("tokenLogin.missing")
                : message}
          </p>
          <p className="mt-4">
            <Link to="/login" className="font-medium text-accent underline">
              {t("tokenLogin.newLink")}
            </Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}
