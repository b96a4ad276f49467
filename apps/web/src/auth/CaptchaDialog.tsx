import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useReducer, useRef, useState } from "react";
import { api } from "../api/client.ts";
import { countdownSeconds, formatCountdown } from "../api/request-limit.ts";
import { Button, buttonClass } from "../components/ui/index.ts";
import { CAPTCHA_IDLE, captchaDelays, captchaReducer } from "./captcha-machine.ts";
import { useCaptchaTexts } from "./captcha-texts.ts";

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

/**
 * The captcha challenge (spec sections 4 and 8) as an accessible modal dialog. The pictures mean nothing
 * to a screen reader, so the switch to a text question comes first after the question, where a
 * screen-reader user meets it before nine "Option n" buttons; the question is a live region, so the new
 * one is read out after a switch or a failure. Every choice is a toggle button (aria-pressed).
 */
export default function CaptchaDialog({ reason, earliestRetry, onDone }: CaptchaDialogProps) {
  const t = useCaptchaTexts();
  const questionId = useId();
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
  const mode = state.status === "idle" ? "image" : state.mode;
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs a failed load on request
  useEffect(() => {
    if (!needsChallenge) return;
    const controller = new AbortController();
    setLoadFailed(false);
    api
      .call("GET /auth/captcha", {
        query: { mode },
        signal: controller.signal,
        challenge: false,
        auth: false,
      })
      .then(
        (challenge) => {
          // A switch of mode while this was on its way aborted it; its challenge is of the other kind.
          if (!controller.signal.aborted) dispatch({ type: "loaded", challenge });
        },
        () => {
          if (!controller.signal.aborted) setLoadFailed(true);
        },
      );
    return () => controller.abort();
  }, [needsChallenge, mode, attempt]);

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
      .call("POST /auth/captcha", {
        body: { id: state.challenge.id, inputCodes: state.selected },
        challenge: false,
        auth: false,
      })
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
  const canSwitch = state.status === "showing";
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
          <Dialog.Description className="mt-2 font-medium" aria-live="polite">
            <span id={questionId}>
              {challenge ? challenge.challenge : loadFailed ? t("captcha.loadFailed") : t("captcha.loading")}
            </span>
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
          <button
            type="button"
            onClick={() => dispatch({ type: "switch-mode", mode: mode === "image" ? "text" : "image" })}
            disabled={!canSwitch}
            className="mt-2 font-medium text-accent underline disabled:opacity-60"
          >
            {mode === "image" ? t("captcha.useText") : t("captcha.usePictures")}
          </button>
          <fieldset
            aria-labelledby={questionId}
            // Words need more room than pictures: two columns of them on a phone.
            className={`mt-4 grid min-w-0 gap-2 ${mode === "text" ? "grid-cols-2 sm:grid-cols-3" : "grid-cols-3"}`}
          >
            {challenge?.inputs.map((input, index) => {
              const pressed = selected.includes(input.code);
              return (
                <button
                  key={input.code}
                  type="button"
                  aria-pressed={pressed}
                  disabled={!interactive}
                  onClick={() => dispatch({ type: "toggle", code: input.code })}
                  className={`relative overflow-hidden rounded-ui border-4 ${
                    "image" in input ? "aspect-square" : "min-h-12 px-2 py-2 font-medium hyphens-auto"
                  } ${pressed ? "border-accent bg-wash" : "image" in input ? "border-transparent" : "border-line"}`}
                >
                  {/* Not by colour alone: a chosen input also shows a tick, hidden from its accessible name. */}
                  {"image" in input ? (
                    <>
                      <img
                        src={input.image}
                        alt={t("captcha.option", { n: String(index + 1) })}
                        className="h-full w-full"
                      />
                      {pressed ? (
                        <span
                          aria-hidden="true"
                          className="absolute top-1 right-1 rounded-full bg-accent px-1.5 text-sm leading-5 text-accent-text"
                        >
                          ✓
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <>
                      {pressed ? <span aria-hidden="true">✓ </span> : null}
                      {input.text}
                    </>
                  )}
                </button>
              );
            })}
          </fieldset>
          <p role="status" className="mt-3 min-h-6 font-medium">
            {status}
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => dispatch({ type: "reset" })}
              disabled={!interactive || selected.length === 0}
            >
              {t("captcha.reset")}
            </Button>
            <Dialog.Close className={buttonClass("secondary")}>{t("captcha.cancel")}</Dialog.Close>
            <Button variant="primary" onClick={check} disabled={!interactive}>
              {t("captcha.check")}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
