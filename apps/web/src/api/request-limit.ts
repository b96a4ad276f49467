import { TIMINGS } from "@market/domain";
import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * The request-limit state (spec sections 3, 4 and 8): a 429 records { earliestRetry, isLocked } for the URL
 * it answered; the next successful call to the same URL clears it. A locked limit shows a countdown to the
 * earliest retry that ticks every TIMINGS.retryCountdownTickMs and clears at 0; an unlocked one has none.
 */
export interface RequestLimit {
  earliestRetry: string | null;
  isLocked: boolean;
}

export type RequestLimits = Readonly<Record<string, RequestLimit>>;

export function recordRequestLimit(
  limits: RequestLimits,
  url: string,
  body: { earliestRetry?: string | undefined; isLocked?: boolean | undefined },
): RequestLimits {
  return {
    ...limits,
    [url]: { earliestRetry: body.earliestRetry ?? null, isLocked: body.isLocked ?? false },
  };
}

export function clearRequestLimit(limits: RequestLimits, url: string): RequestLimits {
  if (!(url in limits)) return limits;
  const { [url]: _cleared, ...rest } = limits;
  return rest;
}

/** Whole seconds until the earliest retry; null when there is no countdown (not locked, no time, or past). */
export function countdownSeconds(limit: RequestLimit | undefined, nowMs: number): number | null {
  if (!limit?.isLocked || !limit.earliestRetry) return null;
  const at = Date.parse(limit.earliestRetry);
  if (Number.isNaN(at)) return null;
  const left = Math.ceil((at - nowMs) / 1000);
  return left > 0 ? left : null;
}

/** "m:ss" (or "h:mm:ss") for a countdown. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

let limits: RequestLimits = {};
const listeners = new Set<() => void>();

export const requestLimitStore = {
  get: () => limits,
  record(url: string, body: Parameters<typeof recordRequestLimit>[2]) {
    limits = recordRequestLimit(limits, url, body);
    for (const listener of listeners) listener();
  },
  clear(url: string) {
    const next = clearRequestLimit(limits, url);
    if (next === limits) return;
    limits = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The limit recorded for an API path (e.g. "/auth/token") and its live countdown in seconds. */
export function useRequestLimit(path: string): {
  limit: RequestLimit | undefined;
  secondsLeft: number | null;
} {
  const limit = useSyncExternalStore(requestLimitStore.subscribe, () => requestLimitStore.get()[path]);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = countdownSeconds(limit, now);
  useEffect(() => {
    setNow(Date.now());
    if (!limit?.isLocked) return;
    const timer = setInterval(() => setNow(Date.now()), TIMINGS.retryCountdownTickMs);
    return () => clearInterval(timer);
  }, [limit]);
  const running = secondsLeft !== null;
  useEffect(() => {
    if (!running && limit?.isLocked && limit.earliestRetry && Date.parse(limit.earliestRetry) <= now) {
      requestLimitStore.clear(path);
    }
  }, [running, limit, now, path]);
  return { limit, secondsLeft };
}
