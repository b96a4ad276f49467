import { getSession } from "../state/session.ts";
import { ApiError, apiUrl, parseApiError } from "./client.ts";

/**
 * A multipart upload with byte progress (fetch cannot report upload progress; XMLHttpRequest can), so
 * the files step shows a file as reading (status 0) with its progress until it is ready (status 1).
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  opts: {
    query?: Record<string, string>;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    method?: "POST" | "PUT";
  } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? "POST", apiUrl(path, opts.query));
    xhr.setRequestHeader("Accept", "application/json");
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(parseApiError(xhr.status, body));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, { error: "network_error", message: "The server could not be reached." }));
    opts.signal?.addEventListener("abort", () => xhr.abort());
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    xhr.send(form);
  });
}
