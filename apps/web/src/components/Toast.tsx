import { TIMINGS } from "@market/domain";
import { useCallback, useEffect, useRef, useState } from "react";

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
