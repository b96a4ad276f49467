import { TIMINGS } from "@market/domain";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

export interface Notice {
  text: string;
  tone: "success" | "error";
  /** Order of showing, so a screen with several notices shows the newest. */
  seq: number;
}

let shown = 0;

/** The newest of several notices on one screen (a follow just after a favorite replaces its toast). */
export function newestNotice(...notices: (Notice | null)[]): Notice | null {
  let newest: Notice | null = null;
  for (const notice of notices) if (notice && (!newest || notice.seq > newest.seq)) newest = notice;
  return newest;
}

/** A short confirmation or notice that clears itself (favorite notices: 3 s, spec 4 and 9). */
export function useTimedNotice(durationMs: number = TIMINGS.favoriteNoticeMs) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (text: string, tone: Notice["tone"] = "success") => {
      clearTimeout(timer.current);
      shown += 1;
      setNotice({ text, tone, seq: shown });
      timer.current = setTimeout(() => setNotice(null), durationMs);
    },
    [durationMs],
  );
  return [notice, show] as const;
}

/**
 * The toast's live region is always in the page, so screen readers announce each message as it appears,
 * even when motion is reduced.
 */
export function Toast({ notice }: { notice: Notice | null }) {
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      // Above a phone's bottom bar (a resource's price and Buy) when one is showing: --bottom-bar is its height.
      className="pointer-events-none fixed inset-x-0 bottom-[calc(1rem+var(--bottom-bar,0px))] z-40 flex justify-center px-4"
    >
      {notice ? (
        <p
          className={`pointer-events-auto rounded-ui px-4 py-3 font-medium shadow-lg ${
            notice.tone === "error" ? "bg-danger text-danger-text" : "bg-ink text-paper"
          }`}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The app's own notices, for outcomes that end on another page than the one acted on (signed in, signed
 * out, e-mail verified): a screen's useTimedNotice would be gone with its screen. A notice waits in session
 * storage until it is shown, so one raised just before a full page load (a post-login reload) shows after
 * it; the root layout shows it with the same Toast.
 */
const APP_NOTICE_KEY = "app_notice";
const appListeners = new Set<() => void>();
let appNotice: Notice | null = readStoredNotice();

function readStoredNotice(): Notice | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(APP_NOTICE_KEY) ?? "null") as Partial<Notice> | null;
    if (typeof raw?.text !== "string" || raw.text === "") return null;
    shown += 1;
    return { text: raw.text, tone: raw.tone === "error" ? "error" : "success", seq: shown };
  } catch {
    return null;
  }
}

function setAppNotice(notice: Notice | null) {
  appNotice = notice;
  try {
    if (notice)
      sessionStorage.setItem(APP_NOTICE_KEY, JSON.stringify({ text: notice.text, tone: notice.tone }));
    else sessionStorage.removeItem(APP_NOTICE_KEY);
  } catch {
    // Private modes may refuse storage; the notice still shows on this page.
  }
  for (const listener of appListeners) listener();
}

export function showAppNotice(text: string, tone: Notice["tone"] = "success"): void {
  shown += 1;
  setAppNotice({ text, tone, seq: shown });
}

export function getAppNotice(): Notice | null {
  return appNotice;
}

function subscribeAppNotice(listener: () => void) {
  appListeners.add(listener);
  return () => appListeners.delete(listener);
}

/** Shows the app's notice for the notices' time (spec 9: 3 s), then clears it. */
export function AppToast({ durationMs = TIMINGS.favoriteNoticeMs }: { durationMs?: number }) {
  const notice = useSyncExternalStore(subscribeAppNotice, getAppNotice, getAppNotice);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      if (appNotice?.seq === notice.seq) setAppNotice(null);
    }, durationMs);
    return () => clearTimeout(timer);
  }, [notice, durationMs]);
  return <Toast notice={notice} />;
}
