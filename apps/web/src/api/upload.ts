import { type EndpointParams, type EndpointQuery, endpointParts, fillPath } from "@market/domain";
// Types only: the definitions' values carry their schemas, and with them zod.
import type { EndpointName, Endpoints } from "@market/domain/api/endpoints";
import { getSession } from "../state/session.ts";
import { ApiError, apiUrl, parseApiError, type ResponseOf } from "./client.ts";

/**
 * A multipart upload with byte progress (fetch cannot report upload progress; XMLHttpRequest can), so
 * the files step shows a file as reading (status 0) with its progress until it is ready (status 1).
 */
function uploadWithProgress<T>(
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

/** The endpoints that take a multipart body (packages/domain/src/api: `body: "multipart"`), posted or put. */
export type UploadEndpoint = {
  [N in EndpointName]: N extends `${"POST" | "PUT"} ${string}`
    ? Endpoints[N] extends { body: "multipart" }
      ? N
      : never
    : never;
}[EndpointName];

/** What an upload to endpoint `N` sends beside its form: its path's parameters and its query. */
export type UploadArgs<N extends UploadEndpoint> = (EndpointParams<N> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<N> }) &
  (EndpointQuery<Endpoints[N]> extends undefined
    ? { query?: undefined }
    : { query?: EndpointQuery<Endpoints[N]> }) & {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  };

/**
 * Uploads `form` to a multipart endpoint by its name, with byte progress: the path, the query and the
 * answer are typed from its definition, as `api.call` types a JSON call.
 */
export function uploadTo<N extends UploadEndpoint>(
  name: N,
  form: FormData,
  args: UploadArgs<N>,
): Promise<ResponseOf<N>> {
  const { method, path } = endpointParts(name);
  const { params, query, ...opts } = args as UploadArgs<N> & { query?: Record<string, string> };
  return uploadWithProgress<ResponseOf<N>>(
    fillPath(path, params as Record<string, string | number> | undefined),
    form,
    { ...opts, ...(query ? { query } : {}), method: method === "PUT" ? "PUT" : "POST" },
  );
}
