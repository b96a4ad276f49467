import { describe, expect, it, vi } from "vitest";
import {
  isChunkLoadError,
  LAST_RELOAD_KEY,
  reloadOnceForChunkError,
  shouldReloadForChunkError,
} from "./chunk-reload.ts";

const chunkError = new TypeError("Failed to fetch dynamically imported module: http://x/assets/Home-abc.js");

describe("chunk reload guard", () => {
  it("recognises dynamic import failures only", () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("allows one reload a minute", () => {
    expect(shouldReloadForChunkError(null, 1_000)).toBe(true);
    expect(shouldReloadForChunkError(1_000, 60_999)).toBe(false);
    expect(shouldReloadForChunkError(1_000, 61_000)).toBe(true);
  });

  it("reloads, remembers the time, and does not reload again within the minute", () => {
    const reload = vi.fn();
    let now = 5_000_000;
    const deps = { storage: sessionStorage, reload, now: () => now };
    expect(reloadOnceForChunkError(chunkError, deps)).toBe(true);
    expect(sessionStorage.getItem(LAST_RELOAD_KEY)).toBe("5000000");
    now += 30_000;
    expect(reloadOnceForChunkError(chunkError, deps)).toBe(false);
    now += 30_000;
    expect(reloadOnceForChunkError(chunkError, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(reloadOnceForChunkError(new Error("other"), deps)).toBe(false);
  });
});
