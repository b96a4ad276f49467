import type { z } from "zod";

/**
 * An endpoint of the API, defined once here and read by both ends: the server registers its route from
 * it (apps/server/src/platform/endpoint-route.ts: the request and the answer are checked and the OpenAPI
 * at /api/docs documents them), and the web app calls it through a client typed from it
 * (apps/web/src/api/client.ts `api.call`). An endpoint is named by its method and path, as the spec and
 * the OpenAPI name it: "GET /resources/:id". Paths are below /api.
 *
 * This module carries no zod at run time (types only): the web app's client reads the definitions as
 * types, so the first screens load no schema library.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** "GET /resources/:id": the method, a space, the path below /api with `:name` for a path parameter. */
export type EndpointKey = `${HttpMethod} /${string}`;

export interface EndpointDefinition {
  /** The path's parameters, as strings in, checked and coerced here. */
  params?: z.ZodType;
  /** The query string. */
  query?: z.ZodType;
  /** A JSON body; "multipart" for a file upload, read by the handler part by part. */
  body?: z.ZodType | "multipart";
  /**
   * For a "multipart" endpoint that also takes JSON (a preview chosen from the file's pages instead of an
   * uploaded image): the JSON a caller may send. The handler checks it, since it reads which it got.
   */
  jsonBody?: z.ZodType;
  /**
   * The answer on success: a schema the server checks every answer against (and strips unknown fields
   * with), "file" for a stored file streamed as it is, or "empty" for no body.
   */
  response: z.ZodType | "file" | "empty";
  /** The success status when not 200 (201 for a created thing, 202 for work accepted to do later). */
  status?: 201 | 202 | 204;
  /** A sentence for the API's documentation. */
  summary?: string;
}

export type EndpointGroup = Record<EndpointKey, EndpointDefinition>;

/** Declares a group of endpoints; an identity at run time, it keeps each definition's exact types. */
export function defineEndpoints<const G extends EndpointGroup>(group: G): G {
  return group;
}

/** Splits "GET /resources/:id" into its method and path. */
export function endpointParts(key: EndpointKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(" ");
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** The names of a path's parameters: "/resources/:id/files/:fileId" → "id" | "fileId"; a tail "/*" is "*". */
export type PathParamNames<P extends string> = P extends `${infer Head}/*`
  ? PathParamNames<Head> | "*"
  : P extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamNames<`/${Rest}`>
    : P extends `${string}:${infer Name}`
      ? // A parameter may end at a dot: "/statements/:year.csv" names "year".
        Name extends `${infer Head}.${string}`
        ? Head
        : Name
      : never;

type PathOf<K> = K extends `${HttpMethod} ${infer P}` ? P : never;

/** What a caller sends for the path's parameters: each as a string or number, put into the path encoded. */
export type EndpointParams<K extends EndpointKey> = [PathParamNames<PathOf<K>>] extends [never]
  ? undefined
  : { [Name in PathParamNames<PathOf<K>>]: string | number };

type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A query field as a caller gives it: what the schema reads, or what it reads it into (a number, a boolean). */
type QueryField<In, Out> = unknown extends In ? Out : In | Out;

/** The query a caller may send (before the server's defaults and coercion); optional fields stay optional. */
export type EndpointQuery<D extends EndpointDefinition> = D["query"] extends z.ZodType
  ? {
      [K in keyof z.input<D["query"]>]: QueryField<
        z.input<D["query"]>[K],
        K extends keyof z.output<D["query"]> ? z.output<D["query"]>[K] : never
      >;
    }
  : undefined;
/** The JSON body a caller sends. */
export type EndpointBody<D extends EndpointDefinition> = D["body"] extends z.ZodType
  ? z.input<D["body"]>
  : D["jsonBody"] extends z.ZodType
    ? z.input<D["jsonBody"]>
    : undefined;
/** What a caller receives on success. */
export type EndpointResponse<D extends EndpointDefinition> = D["response"] extends z.ZodType
  ? z.output<D["response"]>
  : undefined;

/** What the server's handler reads, after the schemas' defaults and coercion. */
export type HandlerParams<D extends EndpointDefinition> = SchemaOut<D["params"]>;
export type HandlerQuery<D extends EndpointDefinition> = SchemaOut<D["query"]>;
export type HandlerBody<D extends EndpointDefinition> = D["body"] extends z.ZodType
  ? z.output<D["body"]>
  : unknown;
/** What the server's handler returns: the answer before the response schema checks and strips it. */
export type HandlerResult<D extends EndpointDefinition> = D["response"] extends z.ZodType
  ? z.input<D["response"]>
  : unknown;

/**
 * A path parameter's value as one segment of the path, encoded. An empty value, "." or ".." would not stay
 * one: the browser's URL parser resolves "/users/../resources" to "/resources" (and "%2E%2E" as well), and
 * "/resources/" reaches the catalogue, so the call would go to another endpoint. Such a value names
 * nothing the API serves; it is refused before anything is sent.
 */
function pathSegment(value: string | number, path: string): string {
  const text = String(value);
  if (text === "" || text === "." || text === "..") {
    throw new Error(`A path parameter of ${path} may not be "${text}"`);
  }
  return encodeURIComponent(text);
}

/** A path with its parameters filled in, each encoded: ("/resources/:id", {id: "a b"}) → "/resources/a%20b". */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  const tail = path.endsWith("/*") ? params?.["*"] : undefined;
  if (path.endsWith("/*") && tail === undefined) throw new Error(`Missing the tail of ${path}`);
  const head = path.endsWith("/*") ? path.slice(0, -1) : path;
  const filled = head.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return pathSegment(value, path);
  });
  // A tail keeps its slashes: each of its segments is encoded on its own.
  if (tail === undefined) return filled;
  return (
    filled +
    String(tail)
      .split("/")
      .map((segment) => pathSegment(segment, path))
      .join("/")
  );
}
