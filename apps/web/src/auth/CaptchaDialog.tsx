import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useReducer, useRef, useState } from "react";
import { api } from "../api/client.ts";
import { countdownSeconds, formatCountdown } from "../api/request-limit.ts";
import { useAccountTexts } from "../routes/account/account-texts.ts";
import {
  CAPTCHA_IDLE,
  type CaptchaAnswer,
  type CaptchaChallenge,
  captchaDelays,
  captchaReducer,
} from "./captcha-machine.ts";

export interface CaptchaDialogProps {
  reason: "requires_captcha" | "cooling_off";
  /** For cooling_off: when a login may be tried again (ISO time). */
  earliestRetry: string | null;
  /** The captcha token for the replay, or null when the user closed the dialog. */
  onDone: (captchaToken: string | null) => void;
}

function useCountdown(earliestRetry: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const seconds = countdownSeconds({ earliestRetry, isLocked: true }, now);
  const running = seconds !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/** The captcha challenge (spec sections 4 and 8) as an accessible modal dialog. */
export default function CaptchaDialog({ reason, earliestRetry, onDone }: CaptchaDialogProps) {
  const t = useAccountTexts();
  const [state, dispatch] = useReducer(captchaReducer, CAPTCHA_IDLE);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const done = useRef(false);
  // The blocked request's control had focus when the dialog opened; focus goes back to it on close.
  const opener = useRef<Element | null>(typeof document === "undefined" ? null : document.activeElement);
  const coolingSeconds = useCountdown(reason === "cooling_off" ? earliestRetry : null);

  useEffect(() => {
    dispatch({ type: "open" });
  }, []);

  const needsChallenge = state.status === "showing" && state.challenge === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs a failed load on request
  useEffect(() => {
    if (!needsChallenge) return;
    const controller = new AbortController();
    setLoadFailed(false);
    api
      .get<CaptchaChallenge>("/auth/captcha", { signal: controller.signal, challenge: false, auth: false })
      .then(
        (challenge) => dispatch({ type: "loaded", challenge }),
        () => {
          if (!controller.signal.aborted) setLoadFailed(true);
        },
      );
    return () => controller.abort();
  }, [needsChallenge, attempt]);

  useEffect(() => {
    if (state.status === "checked-success" && !done.current) {
      done.current = true;
      onDone(state.captchaToken);
    }
    if (state.status !== "checked-failure") return;
    const wait = Math.max(captchaDelays.failureNoticeMs, state.timeout * 1000);
    const timer = setTimeout(() => dispatch({ type: "failure-shown" }), wait);
    return () => clearTimeout(timer);
  }, [state, onDone]);

  const check = () => {
    if (state.status !== "showing" || !state.challenge) return;
    dispatch({ type: "check" });
    setTimeout(() => dispatch({ type: "check-time-elapsed" }), captchaDelays.checkMs);
    api
      .post<CaptchaAnswer>(
        "/auth/captcha",
        { id: state.challenge.id, inputCodes: state.selected },
        { challenge: false, auth: false },
      )
      .then(
        (answer) => dispatch({ type: "answered", answer }),
        () => dispatch({ type: "answered", answer: { timeout: 0 } }),
      );
  };

  const close = () => {
    if (done.current) return;
    done.current = true;
    onDone(null);
  };

  const challenge = state.status === "idle" ? null : state.challenge;
  const selected = state.status === "idle" ? [] : state.selected;
  const interactive = state.status === "showing" && challenge !== null;
  const status =
    state.status === "checking"
      ? t("captcha.checking")
      : state.status === "checked-success"
        ? t("captcha.success")
        : state.status === "checked-failure"
          ? t("captcha.failure", {
              seconds: String(Math.max(captchaDelays.failureNoticeMs / 1000, state.timeout)),
            })
          : "";

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-ui bg-paper p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">{t("captcha.title")}</Dialog.Title>
          {reason === "cooling_off" && coolingSeconds !== null ? (
            <p className="mt-2 text-sm font-medium text-danger" aria-live="polite">
              {t("captcha.coolingOff", { time: formatCountdown(coolingSeconds) })}
            </p>
          ) : null}
          <Dialog.Description className="mt-2">
            {challenge ? challenge.challenge : loadFailed ? t("captcha.loadFailed") : t("captcha.loading")}
          </Dialog.Description>
          {loadFailed ? (
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="mt-2 font-medium text-accent underline"
            >
              {t("captcha.retry")}
            </button>
          ) : null}
          <div className="mt-4 grid grid-cols-3 gap-2">
            {challenge?.inputs.map((input, index) => {
              const pressed = selected.includes(input.code);
              return (
                <button
                  key={input.code}
                  type="button"
                  aria-pressed={pressed}
                  disabled={!interactive}
                  onClick={() => dispatch({ type: "toggle", code: input.code })}
                  className={`aspect-square overflow-hidden rounded-ui border-4 ${
                    pressed ? "border-accent" : "border-transparent"
                  }`}
                >
                  <img
                    src={input.image}
                    alt={t("captcha.option", { n: String(index + 1) })}
                    className="h-full w-full"
                  />
                </button>
              );
            })}
          </div>
          <p role="status" className="mt-3 min-h-6 font-medium">
            {status}
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={() => dispatch({ type: "reset" })}
              disabled={!interactive || selected.length === 0}
              className="rounded-ui border border-line px-4 py-2 disabled:opacity-60"
            >
              {t("captcha.reset")}
            </button>
            <Dialog.Close className="rounded-ui border border-line px-4 py-2">
              {t("captcha.cancel")}
            </Dialog.Close>
            <button
              type="button"
              onClick={check}
              disabled={!interactive}
              className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text disabled:opacity-60"
            >
              {t("captcha.check")}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
