import { COUNTS, type LoginResponse, PATTERN_LENGTH } from "@market/domain";
import { useEffect, useId, useReducer, useRef } from "react";
import { ApiError } from "../api/client.ts";
import { Button } from "../components/ui/index.ts";
import { useAccountTexts } from "../routes/account/account-texts.ts";
import {
  canSubmitPattern,
  initialPatternState,
  patternDelays,
  patternImageUrl,
  patternReducer,
} from "./pattern-machine.ts";

const IMAGES = Array.from({ length: COUNTS.patternImages }, (_, index) => index);

/** Whether an error means "wrong pattern" (401 requires_pattern, error invalid_pattern) rather than another failure. */
export function isPatternRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.reason === "requires_pattern";
}

interface PatternChallengeProps {
  /** Repeats the login with the pattern. */
  attempt: (pattern: number[]) => Promise<LoginResponse>;
  onComplete: (result: LoginResponse) => void;
  /** A failure that is not a wrong pattern (network, rate limit, expired link). */
  onFailure: (error: unknown) => void;
  onExhausted: () => void;
}

/** The security-pattern challenge of a login (spec sections 4 and 8). */
export function PatternChallenge({ attempt, onComplete, onFailure, onExhausted }: PatternChallengeProps) {
  const t = useAccountTexts();
  const titleId = useId();
  const [state, dispatch] = useReducer(patternReducer, undefined, () => initialPatternState());
  const result = useRef<LoginResponse | null>(null);
  const completed = useRef(false);

  useEffect(() => {
    const after = (ms: number, type: "error-shown" | "success-shown" | "login-delay-elapsed") => {
      const timer = setTimeout(() => dispatch({ type }), ms);
      return () => clearTimeout(timer);
    };
    if (state.status === "error") return after(patternDelays.errorMs, "error-shown");
    if (state.status === "success") return after(patternDelays.successMs, "success-shown");
    if (state.status === "logging-in") return after(patternDelays.loginDelayMs, "login-delay-elapsed");
    if (state.status === "done" && result.current && !completed.current) {
      completed.current = true;
      onComplete(result.current);
    }
    return undefined;
  }, [state.status, onComplete]);

  const submit = async () => {
    if (!canSubmitPattern(state)) return;
    dispatch({ type: "submit" });
    try {
      result.current = await attempt(state.sequence);
      dispatch({ type: "right" });
    } catch (error) {
      if (isPatternRefusal(error)) dispatch({ type: "wrong" });
      else {
        dispatch({ type: "failed" });
        onFailure(error);
      }
    }
  };

  const entering = state.status === "entering";
  const left = state.maxTries - state.recentTries;
  const message =
    state.status === "error"
      ? t("pattern.wrong", { left: String(left) })
      : state.status === "success" || state.status === "logging-in" || state.status === "done"
        ? t("pattern.success")
        : state.status === "exhausted"
          ? t("pattern.exhausted")
          : "";

  return (
    <section aria-labelledby={titleId} className="mt-6">
      <h2 id={titleId} className="text-xl font-bold">
        {t("pattern.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("pattern.intro")}</p>
      <div
        className={`mt-4 grid grid-cols-7 gap-2 rounded-ui border-2 p-2 ${
          state.status === "error"
            ? "pattern-error border-danger"
            : state.status === "success"
              ? "border-accent"
              : "border-transparent"
        }`}
      >
        {IMAGES.map((index) => (
          <button
            key={index}
            type="button"
            aria-label={t("pattern.image", { n: String(index + 1) })}
            disabled={!entering || state.sequence.length >= PATTERN_LENGTH.max}
            onClick={() => dispatch({ type: "pick", index })}
            className="aspect-square overflow-hidden rounded-ui border border-line hover:bg-wash disabled:opacity-60"
          >
            <img src={patternImageUrl(index)} alt="" className="h-full w-full object-cover" />
          </button>
        ))}
      </div>
      <p className="mt-2 text-sm" aria-live="polite">
        {t("pattern.chosen", { count: String(state.sequence.length) })}
      </p>
      <ol className="mt-1 flex min-h-8 gap-1" aria-hidden="true">
        {state.sequence.map((index, position) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pattern may repeat an image; position is its identity
          <li key={position}>
            <img src={patternImageUrl(index)} alt="" className="h-8 w-8 rounded-ui" />
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => dispatch({ type: "undo" })}
          disabled={!entering || state.sequence.length === 0}
        >
          {t("pattern.undo")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => dispatch({ type: "clear" })}
          disabled={!entering || state.sequence.length === 0}
        >
          {t("pattern.clear")}
        </Button>
        <Button variant="primary" onClick={submit} disabled={!canSubmitPattern(state)}>
          {t("pattern.submit")}
        </Button>
      </div>
      <p role="status" aria-live="assertive" className="mt-3 min-h-6 font-medium">
        {message}
      </p>
      {state.status === "exhausted" ? (
        <button type="button" onClick={onExhausted} className="mt-2 font-medium text-accent underline">
          {t("pattern.backToLogin")}
        </button>
      ) : null}
    </section>
  );
}
