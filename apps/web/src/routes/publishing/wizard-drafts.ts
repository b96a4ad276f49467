import { type SetStateAction, useCallback, useEffect, useRef, useState } from "react";

/**
 * Work of a wizard step that is not saved yet (typed text, pages picked from the files, a new cover),
 * kept while the creator visits other steps and comes back, and across a reload of the tab where it can
 * be written down (an image chosen from the computer cannot: it lives only in this page's memory).
 *
 * A draft is tied to the saved data it started from (its baseline): once those change (the step was
 * saved, or changed in another tab), the draft is dropped and the step shows what is saved.
 */
interface Entry {
  baseline: string;
  value: unknown;
}

const memory = new Map<string, Entry>();
const STORAGE_PREFIX = "lesson-loft.wizard-draft.";

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft<T>(key: string, baseline: string): T | null {
  let entry = memory.get(key);
  if (!entry) {
    const stored = storage()?.getItem(STORAGE_PREFIX + key);
    if (stored) {
      try {
        entry = JSON.parse(stored) as Entry;
      } catch {
        entry = undefined;
      }
    }
  }
  return entry && entry.baseline === baseline ? (entry.value as T) : null;
}

/** Keeps `value`; `persistable` is what of it can be written down for a reload (null: nothing). */
export function writeDraft(key: string, baseline: string, value: unknown, persistable: unknown = value) {
  memory.set(key, { baseline, value });
  try {
    if (persistable === null) storage()?.removeItem(STORAGE_PREFIX + key);
    else storage()?.setItem(STORAGE_PREFIX + key, JSON.stringify({ baseline, value: persistable }));
  } catch {
    // A full or blocked storage only costs the reload copy; the draft is still kept in memory.
  }
}

export function clearDraft(key: string) {
  memory.delete(key);
  storage()?.removeItem(STORAGE_PREFIX + key);
}

/**
 * useState for a step's unsaved work: starts from the kept draft when its baseline still holds, keeps
 * every change the creator makes, and `discard` forgets it (after a save). A null key keeps nothing.
 */
export function useWizardDraft<T>(
  key: string | null,
  baseline: string,
  initial: () => T,
  persistable: (value: T) => unknown = (value) => value,
): [T, (update: SetStateAction<T>) => void, () => void] {
  const [state, setState] = useState(() => ({
    baseline,
    value: (key === null ? null : readDraft<T>(key, baseline)) ?? initial(),
  }));
  const touched = useRef(false);
  // The saved data changed underneath (a save, a refresh after a refused save): start again from them.
  let current = state;
  if (state.baseline !== baseline) {
    current = { baseline, value: (key === null ? null : readDraft<T>(key, baseline)) ?? initial() };
    touched.current = false;
    setState(current);
  }

  const update = useCallback((action: SetStateAction<T>) => {
    touched.current = true;
    setState((previous) => ({
      baseline: previous.baseline,
      value: typeof action === "function" ? (action as (value: T) => T)(previous.value) : action,
    }));
  }, []);

  const persist = useRef(persistable);
  persist.current = persistable;
  useEffect(() => {
    if (key !== null && touched.current)
      writeDraft(key, state.baseline, state.value, persist.current(state.value));
  }, [key, state]);

  const discard = useCallback(() => {
    touched.current = false;
    if (key !== null) clearDraft(key);
  }, [key]);

  return [current.value, update, discard];
}
