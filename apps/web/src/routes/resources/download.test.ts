import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client.ts";
import {
  DOWNLOAD_IDLE,
  type DownloadEvent,
  downloadHeaders,
  downloadPercent,
  downloadReducer,
  failureFor,
  fetchWithProgress,
  fileNameFrom,
} from "./download.ts";

const run = (...events: DownloadEvent[]) => events.reduce(downloadReducer, DOWNLOAD_IDLE);

describe("download progress state", () => {
  it.each<[string, DownloadEvent[], number | null, string]>([
    ["idle", [], null, "idle"],
    ["started, size unknown", [{ type: "start" }], null, "downloading"],
    ["0 of 1000", [{ type: "start" }, { type: "progress", loaded: 0, total: 1000 }], 0, "downloading"],
    ["450 of 1000", [{ type: "start" }, { type: "progress", loaded: 450, total: 1000 }], 45, "downloading"],
    [
      "999 of 1000 rounds down",
      [{ type: "start" }, { type: "progress", loaded: 999, total: 1000 }],
      99,
      "downloading",
    ],
    [
      "more than announced",
      [{ type: "start" }, { type: "progress", loaded: 1200, total: 1000 }],
      100,
      "downloading",
    ],
    [
      "keeps the total it learned",
      [
        { type: "start" },
        { type: "progress", loaded: 10, total: 40 },
        { type: "progress", loaded: 30, total: null },
      ],
      75,
      "downloading",
    ],
    ["done", [{ type: "start" }, { type: "done" }], 100, "done"],
    [
      "progress after done is ignored",
      [{ type: "start" }, { type: "done" }, { type: "progress", loaded: 1, total: 2 }],
      100,
      "done",
    ],
    ["failed", [{ type: "start" }, { type: "fail", reason: "network" }], null, "failed"],
  ])("%s", (_name, events, percent, status) => {
    const state = run(...events);
    expect(state.status).toBe(status);
    expect(downloadPercent(state)).toBe(percent);
  });

  it("names the failure a visitor can act on", () => {
    expect(failureFor(new ApiError(401, { error: "unauthorized", message: "" }))).toBe("login");
    expect(failureFor(new ApiError(403, { error: "forbidden", message: "" }))).toBe("forbidden");
    expect(failureFor(new TypeError("network"))).toBe("network");
  });
});

describe("download request", () => {
  it("sends the token and the ref code from the cookie", () => {
    expect(downloadHeaders("tok", "a=1; ref_code=AB12CD34")).toEqual({
      Authorization: "Bearer tok",
      refCode: "AB12CD34",
    });
    expect(downloadHeaders(null, "")).toEqual({});
  });

  it.each([
    ['attachment; filename="bingo.pdf"', "bingo.pdf"],
    ["attachment; filename*=UTF-8''caf%C3%A9.pdf", "café.pdf"],
    [null, "fallback.pdf"],
  ])("file name from %s", (disposition, expected) => {
    expect(fileNameFrom(disposition, "fallback.pdf")).toBe(expected);
  });

  it("reports bytes as the stream delivers them and returns the whole file", async () => {
    const parts = [new Uint8Array(300), new Uint8Array(500), new Uint8Array(200)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(body, {
          headers: { "Content-Length": "1000", "Content-Disposition": 'attachment; filename="x.pdf"' },
        }),
    );
    const progress: Array<[number, number | null]> = [];
    const result = await fetchWithProgress("/api/resources/r/files/f/download", {
      headers: { refCode: "AB12CD34" },
      fallbackName: "file",
      onProgress: (loaded, total) => progress.push([loaded, total]),
      fetch,
    });
    expect(progress).toEqual([
      [0, 1000],
      [300, 1000],
      [800, 1000],
      [1000, 1000],
    ]);
    expect(result.name).toBe("x.pdf");
    expect(result.blob.size).toBe(1000);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ headers: { refCode: "AB12CD34" } });
  });

  it("turns a refusal into an ApiError", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ error: "forbidden", message: "No" }), { status: 403 }),
    );
    await expect(
      fetchWithProgress("/x", { headers: {}, fallbackName: "f", onProgress: () => {}, fetch }),
    ).rejects.toMatchObject({ status: 403, code: "forbidden" });
  });
});
