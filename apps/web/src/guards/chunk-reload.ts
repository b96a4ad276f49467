import { TIMINGS } from "@market/domain";

/**
 * Chunk-load failures (a deploy replaced the lazily loaded screen files) reload the page, at most once a
 * minute (spec sections 4 and 9), so a broken deploy cannot make the page reload in a loop.
 */
export const LAST_RELOAD_KEY = "chunk_reload_at";

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" || CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message))
  );
}

export function shouldReloadForChunkError(
  lastReloadAt: number | null,
  now: number,
  guardMs: number = TIMINGS.pageReloadGuardMs,
): boolean {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= guardMs ||
    now < lastReloadAt
  );
}

export interface ReloadDeps {
  storage: Pick<Storage, "getItem" | "setItem">;
  reload: () => void;
  now: () => number;
}

/** Reloads for a chunk-load error unless the page already reloaded within the guard; returns whether it did. */
export function reloadOnceForChunkError(error: unknown, deps: ReloadDeps): boolean {
  if (!isChunkLoadError(error)) return false;
  const stored = deps.storage.getItem(LAST_RELOAD_KEY);
  const now = deps.now();
  if (!shouldReloadForChunkError(stored === null ? null : Number(stored), now)) return false;
  deps.storage.setItem(LAST_RELOAD_KEY, String(now));
  deps.reload();
  return true;
}
