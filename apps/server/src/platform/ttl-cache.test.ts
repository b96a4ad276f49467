import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache.ts";

describe("TtlCache", () => {
  it("with a stale time, answers from the expired value at once while one reload runs", async () => {
    let time = 0;
    let loads = 0;
    let finish: (value: number) => void = () => {};
    const cache = new TtlCache<number>(2000, 10, () => time, 30_000);
    expect(await cache.get("home", async () => ++loads)).toBe(1);
    time = 2500;
    const slow = () => {
      loads += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    // Past the ttl: the old answer, without waiting, and a single reload for any number of requests.
    expect(await cache.get("home", slow)).toBe(1);
    expect(await cache.get("home", slow)).toBe(1);
    expect(loads).toBe(2);
    finish(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get("home", slow)).toBe(2);
    // Past the ttl and the stale time: loaded afresh, and waited for.
    time = 2500 + 2000 + 30_000;
    expect(await cache.get("home", async () => 3)).toBe(3);
  });

  it("drops a reload's result when the cache was cleared while it ran", async () => {
    let time = 0;
    let finish: (value: string) => void = () => {};
    const cache = new TtlCache<string>(2000, 10, () => time, 30_000);
    await cache.get("home", async () => "before");
    time = 2500;
    const reload = () =>
      new Promise<string>((resolve) => {
        finish = resolve;
      });
    expect(await cache.get("home", reload)).toBe("before");
    cache.clear();
    finish("read before the change");
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get("home", async () => "after")).toBe("after");
  });

  it("reuses a count until its ttl passes, then counts again", async () => {
    let time = 1000;
    let counted = 0;
    const cache = new TtlCache<number>(15_000, 10, () => time);
    const load = async () => ++counted;
    expect(await cache.get("grade=5", load)).toBe(1);
    time += 14_999;
    expect(await cache.get("grade=5", load)).toBe(1);
    time += 1;
    expect(await cache.get("grade=5", load)).toBe(2);
  });

  it("shares one count between concurrent requests and keeps counts apart by key", async () => {
    let counted = 0;
    const cache = new TtlCache<number>(1000);
    const load = async () => ++counted;
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect([a, b]).toEqual([1, 1]);
    expect(await cache.get("other", load)).toBe(2);
  });

  it("does not keep a failed count", async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("k", async () => 7)).toBe(7);
  });

  it("counts every time when the ttl is 0, and stays within its size", async () => {
    let counted = 0;
    const off = new TtlCache<number>(0);
    await off.get("k", async () => ++counted);
    await off.get("k", async () => ++counted);
    expect(counted).toBe(2);

    const small = new TtlCache<number>(1000, 2);
    await small.get("a", async () => 1);
    await small.get("b", async () => 2);
    await small.get("c", async () => 3);
    expect(await small.get("a", async () => 10)).toBe(10);
    small.clear();
    expect(await small.get("c", async () => 30)).toBe(30);
  });

  it("answers a loaded value synchronously, never one still loading, expired or failed", async () => {
    let time = 1000;
    const cache = new TtlCache<boolean>(1000, 10, () => time);
    let finish!: (value: boolean) => void;
    const loading = cache.get("offline", () => new Promise<boolean>((resolve) => (finish = resolve)));
    expect(cache.peekSettled("offline")).toBeUndefined();
    finish(false);
    await loading;
    expect(cache.peekSettled("offline")).toBe(false);
    time += 1000;
    expect(cache.peekSettled("offline")).toBeUndefined();
    await cache.get("broken", () => Promise.reject(new Error("db down"))).catch(() => {});
    expect(cache.peekSettled("broken")).toBeUndefined();
    expect(new TtlCache<number>(0).peekSettled("k")).toBeUndefined();
  });
});
