import type { HttpMethod } from "@market/domain";
// Types only: the definitions' values carry their schemas, and with them zod.
import type { EndpointName, Endpoints } from "@market/domain/api/endpoints";
import { getSession } from "../state/session.ts";
import {
  type AddressArgs,
  ApiError,
  apiUrl,
  endpointAddress,
  parseApiError,
  type ResponseOf,
} from "./client.ts";

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
    method?: HttpMethod;
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
type UploadEndpoint = {
  [N in EndpointName]: N extends `${"POST" | "PUT"} ${string}`
    ? Endpoints[N] extends { body: "multipart" }
      ? N
      : never
    : never;
}[EndpointName];

/** What an upload to endpoint `N` sends beside its form: where it goes (as `api.call`), and its progress. */
type UploadArgs<N extends UploadEndpoint> = AddressArgs<N> & {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Uploads `form` to a multipart endpoint by its name, with byte progress: the path, the query and the
 * answer are typed from its definition, as `api.call` types a JSON call.
 */
export async function uploadTo<N extends UploadEndpoint>(
  name: N,
  form: FormData,
  args: UploadArgs<N>,
): Promise<ResponseOf<N>> {
  const { params, query, ...opts } = args as UploadArgs<N> & { query?: Record<string, string> };
  const { method, path } = endpointAddress(name, params);
  return uploadWithProgress<ResponseOf<N>>(path, form, { ...opts, ...(query ? { query } : {}), method });
}
