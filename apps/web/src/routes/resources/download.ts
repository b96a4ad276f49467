import { API_BASE, COOKIE_NAMES } from "@market/domain";
import { ApiError, parseApiError } from "../../api/client.ts";
import { readCookie } from "../../state/cookies.ts";

/**
 * A download by bytes (UX.md: long work shows progress): the state of one file's download, kept pure so the
 * screen only renders it.
 */
export type DownloadState =
  | { status: "idle" }
  | { status: "downloading"; loaded: number; total: number | null }
  | { status: "done" }
  | { status: "failed"; reason: DownloadFailure };

export type DownloadFailure = "login" | "forbidden" | "network";

export type DownloadEvent =
  | { type: "start" }
  | { type: "progress"; loaded: number; total: number | null }
  | { type: "done" }
  | { type: "fail"; reason: DownloadFailure };

export const DOWNLOAD_IDLE: DownloadState = { status: "idle" };

export function downloadReducer(state: DownloadState, event: DownloadEvent): DownloadState {
  switch (event.type) {
    case "start":
      return { status: "downloading", loaded: 0, total: null };
    case "progress":
      return state.status === "downloading"
        ? { status: "downloading", loaded: event.loaded, total: event.total ?? state.total }
        : state;
    case "done":
      return state.status === "downloading" ? { status: "done" } : state;
    case "fail":
      return { status: "failed", reason: event.reason };
  }
}

/** Whole percent done, never above 100; null while the size is unknown. */
export function downloadPercent(state: DownloadState): number | null {
  if (state.status === "done") return 100;
  if (state.status !== "downloading" || !state.total || state.total <= 0) return null;
  return Math.min(100, Math.floor((state.loaded / state.total) * 100));
}

export function failureFor(error: unknown): DownloadFailure {
  if (error instanceof ApiError && error.status === 401) return "login";
  if (error instanceof ApiError && error.status === 403) return "forbidden";
  return "network";
}

export function downloadUrl(resourceId: string, fileId: string): string {
  return `${API_BASE}/resources/${encodeURIComponent(resourceId)}/files/${encodeURIComponent(fileId)}/download`;
}

/** The headers of a download: the token when signed in, and the ref code the visitor arrived with (spec 7). */
export function downloadHeaders(token: string | null, cookieString: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const refCode = readCookie(cookieString, COOKIE_NAMES.refCode);
  if (refCode) headers.refCode = refCode;
  return headers;
}

/** The file name the server gave (Content-Disposition), else the name the page shows. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoded name falls through to the plain one.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || fallback;
}

/** Fetches a file, reporting bytes as they arrive, and resolves with its contents and name. */
export async function fetchWithProgress(
  url: string,
  options: {
    headers: Record<string, string>;
    fallbackName: string;
    onProgress: (loaded: number, total: number | null) => void;
    fetch?: typeof fetch;
    signal?: AbortSignal;
  },
): Promise<{ blob: Blob; name: string }> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const response = await doFetch(url, {
    headers: options.headers,
    credentials: "same-origin",
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw parseApiError(response.status, body);
  }
  const length = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get("Content-Type") ?? "application/octet-stream";
  const name = fileNameFrom(response.headers.get("Content-Disposition"), options.fallbackName);
  options.onProgress(0, total);

  if (!response.body) {
    const blob = await response.blob();
    options.onProgress(blob.size, total ?? blob.size);
    return { blob, name };
  }
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    options.onProgress(loaded, total);
  }
  return { blob: new Blob(chunks, { type }), name };
}

/** Saves a downloaded file through an <a download> with an object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is released a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
