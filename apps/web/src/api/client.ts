import {
  API_BASE,
  type AuthFailureReason,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorBody,
  endpointParts,
  fillPath,
  type HttpMethod,
  isSharedAnswer,
  type QueryValue,
  withQuery,
} from "@market/domain";
// Types only: the definitions' values carry their schemas, and with them zod, which no first screen loads.
import type { EndpointName, Endpoints } from "@market/domain/api/endpoints";
import { getSession } from "../state/session.ts";
import { takeBootAnswer } from "./boot-answers.ts";
import { authFlags, decideErrorReaction, type ErrorReaction } from "./error-reactions.ts";
import { type LoadingBar, loadingBar } from "./loading-bar.ts";
import { requestLimitStore } from "./request-limit.ts";

/** An error the API answered with (DESIGN.md conventions), or status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The error code, e.g. "not_found", "validation_failed". */
  readonly code: string;
  readonly reason: AuthFailureReason | undefined;
  readonly earliestRetry: string | undefined;
  readonly isLocked: boolean | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.error;
    this.reason = body.reason;
    this.earliestRetry = body.earliestRetry;
    this.isLocked = body.isLocked;
    this.fields = body.fields;
  }
}

const isString = (value: unknown): value is string => typeof value === "string";

/**
 * The 401 reasons of the contract, checked against the domain's union by the compiler. Kept as a type-checked
 * record rather than importing AUTH_FAILURE_REASONS, whose module carries zod into the first bundle.
 */
const KNOWN_REASONS: Record<AuthFailureReason, true> = {
  requires_captcha: true,
  cooling_off: true,
  requires_pattern: true,
  insufficient_permissions: true,
  invalid_token: true,
};
const isAuthFailureReason = (value: unknown): value is AuthFailureReason =>
  isString(value) && Object.hasOwn(KNOWN_REASONS, value);

/** Reads an error body defensively: a proxy's HTML page or a half body still gives a usable ApiError. */
export function parseApiError(status: number, body: unknown): ApiError {
  const raw = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const reason = isAuthFailureReason(raw.reason) ? raw.reason : undefined;
  const fields =
    typeof raw.fields === "object" && raw.fields !== null
      ? Object.fromEntries(
          Object.entries(raw.fields).filter((entry): entry is [string, string] => isString(entry[1])),
        )
      : undefined;
  return new ApiError(status, {
    error: isString(raw.error) ? raw.error : `http_${status}`,
    message: isString(raw.message) ? raw.message : "The request failed.",
    ...(reason ? { reason } : {}),
    ...(isString(raw.earliestRetry) ? { earliestRetry: raw.earliestRetry } : {}),
    ...(typeof raw.isLocked === "boolean" ? { isLocked: raw.isLocked } : {}),
    ...(fields ? { fields } : {}),
  });
}

export type { QueryValue } from "@market/domain";

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Send the stored token (default true). */
  auth?: boolean;
  /** Extra headers, e.g. the Idempotency-Key of a payment. */
  headers?: Record<string, string>;
  /** A solved captcha's single-use token, sent as the captcha-token header. */
  captchaToken?: string;
  /** Whether a 401 requires_captcha / cooling_off opens the captcha (default true; the captcha's own calls say no). */
  challenge?: boolean;
}

export interface ClientDeps {
  fetch: typeof fetch;
  token: () => string | null;
  bar: LoadingBar;
  onInvalidToken: () => void;
  /** Shows the captcha for a blocked request; resolves with a captcha token, or null when the user gave up. */
  solveCaptcha?: (error: ApiError) => Promise<string | null>;
  /** Every other reaction of spec section 8 (login locked, invalid credentials). */
  onError?: (error: ApiError, reaction: ErrorReaction) => void;
  limits?: Pick<typeof requestLimitStore, "record" | "clear">;
}

let invalidTokenHandler: () => void = () => {};
let captchaHandler: ((error: ApiError) => Promise<string | null>) | null = null;
let errorHandler: (error: ApiError, reaction: ErrorReaction) => void = () => {};

/** Set by the captcha host in the layout: opens the captcha dialog for a blocked request. */
export function setCaptchaHandler(handler: ((error: ApiError) => Promise<string | null>) | null): void {
  captchaHandler = handler;
}

/** Set once at start-up: what a 401 insufficient_permissions or a 403 does beyond rejecting the call. */
export function setApiErrorHandler(handler: (error: ApiError, reaction: ErrorReaction) => void): void {
  errorHandler = handler;
}

function defaultErrorReaction(error: ApiError, reaction: ErrorReaction) {
  if (reaction === "invalid-credentials") authFlags.set({ invalidCredentials: true });
  if (reaction === "login-locked") authFlags.set({ loginLocked: true });
  errorHandler(error, reaction);
}

/** Set once at start-up: what a 401 invalid_token does (log out and go to /login). */
export function setInvalidTokenHandler(handler: () => void): void {
  invalidTokenHandler = handler;
}

const defaultDeps = (): ClientDeps => ({
  fetch: (...args) => globalThis.fetch(...args),
  token: () => getSession()?.token ?? null,
  bar: loadingBar,
  onInvalidToken: () => invalidTokenHandler(),
  solveCaptcha: (error) => (captchaHandler ? captchaHandler(error) : Promise.resolve(null)),
  onError: defaultErrorReaction,
  limits: requestLimitStore,
});

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  return withQuery(`${API_BASE}${path}`, query);
}

/** Where a stored file (cover, avatar, site image) is served. */
export { fileUrl } from "@market/domain";

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
  deps: ClientDeps = defaultDeps(),
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const token = options.auth === false ? null : deps.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.captchaToken) headers["captcha-token"] = options.captchaToken;

  // A first screen's answer may have come with the page: a visitor's, or one the same for everybody.
  if ((options.method ?? "GET") === "GET") {
    const url = apiUrl(path, options.query);
    const carried = !token || isSharedAnswer(url) ? takeBootAnswer(url) : undefined;
    if (carried !== undefined) return carried as T;
  }

  const end = deps.bar.begin();
  let response: Response;
  try {
    response = await deps.fetch(apiUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      credentials: "same-origin",
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    const aborted = cause instanceof DOMException && cause.name === "AbortError";
    end(aborted);
    if (aborted) throw cause;
    throw new ApiError(0, { error: "network_error", message: "The server could not be reached." });
  }

  const body = await readJson(response);
  end(response.ok);
  if (response.ok) {
    deps.limits?.clear(path);
    return body as T;
  }
  const error = parseApiError(response.status, body);
  const reaction = decideErrorReaction(error);
  if (reaction === "invalid-token") deps.onInvalidToken();
  else if (reaction === "request-limit") deps.limits?.record(path, error);
  else if (
    reaction === "captcha" &&
    options.challenge !== false &&
    !options.captchaToken &&
    deps.solveCaptcha
  ) {
    const captchaToken = await deps.solveCaptcha(error);
    if (captchaToken) return apiRequest<T>(path, { ...options, captchaToken }, deps);
  } else deps.onError?.(error, reaction);
  throw error;
}

/** The answer of endpoint `N` on success, for a screen that names it: `ResponseOf<"GET /resources/:id">`. */
export type ResponseOf<N extends EndpointName> = EndpointResponse<Endpoints[N]>;

/**
 * Where a call of endpoint `N` goes: its path's parameters when it has them, its query when it takes one.
 * A JSON call (`api.call`) and an upload (upload.ts `uploadTo`) both address an endpoint so.
 */
export type AddressArgs<N extends EndpointName> = (EndpointParams<N> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<N> }) &
  (EndpointQuery<Endpoints[N]> extends undefined
    ? { query?: undefined }
    : { query?: EndpointQuery<Endpoints[N]> });

/** The method and the filled path of endpoint `N`; throws for a parameter that is not one path segment. */
export function endpointAddress<N extends EndpointName>(
  name: N,
  params: EndpointParams<N> | undefined,
): { method: HttpMethod; path: string } {
  const { method, path } = endpointParts(name);
  return { method, path: fillPath(path, params as Record<string, string | number> | undefined) };
}

/**
 * What a call of endpoint `N` sends: where it goes, its body when it has one, and the request's options
 * (a signal, an Idempotency-Key, a captcha token).
 */
type CallArgs<N extends EndpointName> = AddressArgs<N> &
  (EndpointBody<Endpoints[N]> extends undefined
    ? { body?: undefined }
    : { body: EndpointBody<Endpoints[N]> }) &
  Omit<RequestOptions, "method" | "body" | "query">;

/** A call needs its arguments only when its endpoint has path parameters or a body. */
type CallRest<N extends EndpointName> =
  EndpointParams<N> extends undefined
    ? EndpointBody<Endpoints[N]> extends undefined
      ? [args?: CallArgs<N>]
      : [args: CallArgs<N>]
    : [args: CallArgs<N>];

/**
 * Calls an endpoint by its name in packages/domain/src/api ("GET /resources/:id"): the path, the query,
 * the body and the answer are typed from its definition, so a screen cannot drift from the server. A path
 * parameter that would leave its segment ("..", "") rejects the call before anything is sent.
 */
export async function callEndpoint<N extends EndpointName>(
  name: N,
  ...[args]: CallRest<N>
): Promise<EndpointResponse<Endpoints[N]>> {
  const { params, body, query, ...options } = (args ?? {}) as CallArgs<N>;
  const { method, path } = endpointAddress(name, params);
  return apiRequest(path, {
    ...options,
    method,
    ...(body !== undefined ? { body } : {}),
    ...(query !== undefined ? { query: query as Record<string, QueryValue> } : {}),
  });
}

/**
 * The API as screens call it: by endpoint name only. The old `api.get<T>("/path")` form, a string and a
 * cast that nothing checked, is gone; `callEndpoint` turns a name into the request `apiRequest` sends.
 */
export const api = {
  call: callEndpoint,
};
