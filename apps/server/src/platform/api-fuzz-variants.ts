/**
 * What the API fuzz test (api-fuzz.test.ts) sends: the operations of the OpenAPI document, and for each
 * the variants of a request that break exactly one thing of an example built from its schemas.
 */

/** Bodies carry 100k characters (under the 1 MB body limit); URLs 20k, past what a real server's 16 KB header limit lets through, so in-process only. */
export const HUGE_BODY_STRING = "x".repeat(100_000);
const HUGE_URL_STRING = "x".repeat(20_000);
/** Per operation, at most this many property variants of its body (round-robin over the properties). */
const MAX_BODY_PROPERTY_VARIANTS = 64;

/**
 * The routes that read a multipart body in their handler (no body schema in the document): each is also
 * sent broken multipart bodies. The test fails if one of them is no longer in the document.
 */
export const UPLOAD_ROUTES = [
  "POST /api/resources/{id}/files",
  "POST /api/resources/{id}/previews",
  "POST /api/resources/{id}/resources-preview",
  "PUT /api/advertisements/{id}/image",
  "PUT /api/advertisements/{id}/business-image",
  "PUT /api/help/{id}/media",
  "POST /api/admin/site-images/{key}/variations",
];

/** Variants that are valid calls on a route, so left out there; each with why. */
const VALID_VARIANTS: Record<string, string[]> = {
  // It reads no field, only the file and its name, and cleans the name (sanitizeFileName drops control
  // characters and cuts it to 120 characters): a NUL or a huge name is stored as a clean one.
  "POST /api/resources/{id}/files": [
    "multipart: NUL in every field and the file name",
    "multipart: huge values in every field and the file name",
  ],
  // Spec 7 sends it without a payload, meaning "everything pending": a JSON null is that same call.
  "PUT /api/help/tos-agreement": ["body: JSON null"],
};

interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  format?: string;
}

export interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

export interface Variant {
  name: string;
  params?: Record<string, string>;
  query?: [string, string][];
  body?: { payload: string | Buffer; contentType: string };
}

/** A well-formed id that names nothing: the same in every run, so that a failure can be replayed. */
export const NO_ID = "00000000-0000-4000-8000-000000000000";

/** A value of each JSON type, to put where another type is expected. */
const WRONG_TYPES: [string, unknown][] = [
  ["string", "fuzz"],
  ["integer", 7],
  ["number", 12345.5],
  ["boolean", true],
  ["null", null],
  ["object", { fuzz: 1 }],
  ["array", ["fuzz"]],
];

/** The JSON types a schema accepts; undefined when it accepts anything (z.unknown()). */
function acceptedTypes(s: JsonSchema): Set<string> | undefined {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const all = new Set<string>();
    for (const alternative of alternatives) {
      const types = acceptedTypes(alternative);
      if (!types) return undefined;
      for (const type of types) all.add(type);
    }
    return all;
  }
  if (s.allOf) return acceptedTypes(s.allOf[0]!);
  if (s.const !== undefined) return new Set([s.const === null ? "null" : typeof s.const]);
  if (s.type === undefined) return undefined;
  const types = new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (s.nullable) types.add("null");
  if (types.has("number")) types.add("integer");
  return types;
}

/** A value the schema probably accepts: the base that each variant breaks one thing of. */
function example(s: JsonSchema | undefined): unknown {
  if (!s) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return example(alternatives.find((a) => a.type !== "null") ?? alternatives[0]);
  if (s.allOf) return example(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object":
      return Object.fromEntries((s.required ?? []).map((key) => [key, example(s.properties?.[key])]));
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => example(s.items));
    case "integer":
    case "number":
      return s.minimum ?? (s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1);
    case "boolean":
      return false;
    case "string":
      if (s.format === "uuid") return NO_ID;
      if (s.format === "email") return "fuzz@example.test";
      if (s.format === "date") return "2025-01-02";
      if (s.format === "date-time") return "2025-01-02T03:04:05.000Z";
      return "x".repeat(Math.min(Math.max(s.minLength ?? 1, 1), 400));
    default:
      return undefined;
  }
}

/** The hostile values for one property: wrong types, a wrong value of the right type, NUL, huge. */
function hostileValues(s: JsonSchema): [string, unknown][] {
  const out: [string, unknown][] = [];
  const types = acceptedTypes(s);
  if (types) {
    for (const [type, value] of WRONG_TYPES) if (!types.has(type)) out.push([`${type} instead`, value]);
  }
  if (!types || types.has("string")) {
    out.push(["NUL", "fu\u0000zz"], ["huge string", HUGE_BODY_STRING]);
    if (s.enum || s.format) out.push(["not in enum or format", "fuzz-not-valid"]);
  }
  if (types?.has("integer") || types?.has("number")) {
    out.push(["out of range", 1e20], ["below the minimum", (s.minimum ?? 0) - 1]);
  }
  if (types?.has("array")) {
    out.push(["NUL in item", ["fu\u0000zz"]], ["10k items", Array.from({ length: 10_000 }, () => "x")]);
  }
  if (types?.has("object")) out.push(["NUL in key", { "fu\u0000zz": 1 }]);
  // Deeper than any recursive walk (a serializer, a validator of free-form JSON) can go.
  if (!types || types.has("array") || types.has("object")) out.push(["nested 200k deep", DEEP]);
  return out;
}

/**
 * An array nested 200,000 deep: JSON.parse takes it, JSON.stringify and recursive walks overflow on it.
 * So it is not built as a value here; DEEP stands for it and json() writes its text in.
 */
const DEEP_JSON = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
const DEEP = Symbol("nested 200k deep");
const DEEP_MARK = "\u0001deep\u0001";

const json = (value: unknown) => ({
  payload: JSON.stringify(value, (_key, v) => (v === DEEP ? DEEP_MARK : v)).replace(
    JSON.stringify(DEEP_MARK),
    DEEP_JSON,
  ),
  contentType: "application/json",
});

/** Round-robin over lists, so that sampling keeps every property represented. */
function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((list) => i < list.length); i++) {
    for (const list of lists) if (i < list.length) out.push(list[i]!);
  }
  return out;
}

/**
 * The variants of one operation, each breaking one thing. Path parameters not broken name seeded rows
 * (see baseParam), so that a body variant that gets through validation meets real data.
 */
export function variantsOf(
  op: Operation,
  upload: Record<string, { payload: Buffer; contentType: string }>,
): Variant[] {
  const variants: Variant[] = [];
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const hasBody = op.method !== "GET";
  const base = op.body ? (example(op.body) as Record<string, unknown> | undefined) : undefined;
  const baseBody = base !== undefined ? json(base) : undefined;
  const requiredQuery = queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, String(example(p.schema))] as [string, string]);

  for (const param of pathParams) {
    const hostile: [string, string][] = [
      ["NUL", "fu%00zz"],
      ["190 characters", "x".repeat(190)],
      ["past the router's limit", "x".repeat(5000)],
      ["broken percent-encoding", "%E0%A4%A"],
      ["path traversal", "..%2F..%2Fetc%2Fpasswd"],
    ];
    // A name-like parameter (a text key, a colour, a folder) may legitimately be any short word.
    if (/id$/i.test(param.name)) hostile.push(["not a UUID", "not-a-uuid"], ["number", "12345"]);
    for (const [name, value] of hostile) {
      variants.push({
        name: `path ${param.name}: ${name}`,
        params: { [param.name]: value },
        query: requiredQuery,
        body: baseBody,
      });
    }
  }

  for (const param of queryParams) {
    const others = requiredQuery.filter(([name]) => name !== param.name);
    const hostile: [string, string[]][] = [
      ["NUL", ["fu\u0000zz"]],
      ["huge string", [HUGE_URL_STRING]],
      ["repeated", ["1", "2"]],
      ["not a number, enum or format", ["fuzz-not-valid"]],
    ];
    const type = param.schema?.type;
    if (type === "integer" || type === "number") {
      hostile.push(["fraction", ["1.5"]], ["negative", ["-1"]], ["out of range", ["99999999999999999999"]]);
    }
    for (const [name, values] of hostile) {
      variants.push({
        name: `query ${param.name}: ${name}`,
        query: [...others, ...values.map((v) => [param.name, v] as [string, string])],
        body: baseBody,
      });
    }
  }
  // An unknown query key is dropped, not refused: harmless on a read, a valid call on a write.
  if (op.method === "GET")
    variants.push({ name: "unknown query key", query: [...requiredQuery, ["fuzz", "1"]] });

  if (hasBody && op.body) {
    const properties = Object.entries(op.body.properties ?? {});
    const perProperty = properties.map(([key, schema]) =>
      hostileValues(schema).map(
        ([name, value]): Variant => ({
          name: `body ${key}: ${name}`,
          query: requiredQuery,
          body: json({ ...base, [key]: value }),
        }),
      ),
    );
    variants.push(...interleave(perProperty).slice(0, MAX_BODY_PROPERTY_VARIANTS));
    if (op.body.required?.length) variants.push({ name: "body: required fields missing", body: json({}) });
    // An unknown key is refused only by a strict schema; elsewhere it is dropped and the call is valid.
    if (op.body.additionalProperties === false)
      variants.push({ name: "body: unknown key", body: json({ ...base, fuzzUnknown: "x" }) });
    variants.push(
      { name: "body: a JSON array", body: json([base]) },
      { name: "body: a JSON string", body: json("fuzz") },
      { name: "body: JSON null", body: { payload: "null", contentType: "application/json" } },
      { name: "body: text/plain", body: { payload: "fuzz", contentType: "text/plain" } },
      { name: "body: nested 200k deep", body: { payload: DEEP_JSON, contentType: "application/json" } },
      {
        name: "body: __proto__ key",
        body: { payload: '{"__proto__":{"x":1}}', contentType: "application/json" },
      },
    );
  }
  // Not JSON at all is refused by the parser, with or without a body schema.
  if (hasBody) {
    variants.push(
      { name: "body: not JSON", body: { payload: '{"fuzz": ', contentType: "application/json" } },
      { name: "body: empty JSON", body: { payload: "", contentType: "application/json" } },
      { name: "body: unknown content type", body: { payload: "fuzz", contentType: "application/x-fuzz" } },
    );
  }
  const route = `${op.method} ${op.path}`;
  if (UPLOAD_ROUTES.includes(route)) {
    for (const [name, body] of Object.entries(upload)) variants.push({ name: `multipart: ${name}`, body });
  }
  return variants.filter((variant) => !VALID_VARIANTS[route]?.includes(variant.name));
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}

/** Every operation of the document, with its parameters and its JSON body's schema. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const schema = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content?.["application/json"]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: schema,
      });
    }
  }
  return operations;
}
