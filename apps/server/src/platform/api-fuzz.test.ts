import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helpEntries, siteImages } from "../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { addPreview, makeAd, makeAdmin, makeResource, makeUser } from "../test/factories.ts";
import { multipart } from "../test/multipart.ts";

/**
 * A standing fuzz test (the outside probe's second finding): every operation of the OpenAPI document is
 * sent hostile input -- values of the wrong type, NUL characters, huge strings, unknown keys on strict
 * bodies, missing required fields, bodies that are not JSON, broken multipart bodies, path parameters
 * that are not ids -- as an admin (who gets furthest), and a sample as a plain user and as a visitor.
 * It passes only when no answer is a 5xx and no user data in the database changed.
 *
 * Every variant is meant to be invalid. Each starts from an example body built from the operation's
 * schema and breaks exactly one thing in it, so that the rest of the request is as valid as we can make
 * it and the broken value gets as far into the server as it can: a schema that lets it through to a
 * handler and a write shows up as a changed table, named with the operation that changed it.
 */

/** Bodies carry 100k characters (under the 1 MB body limit); URLs 20k, past what a real server's 16 KB header limit lets through, so in-process only. */
const HUGE_BODY_STRING = "x".repeat(100_000);
const HUGE_URL_STRING = "x".repeat(20_000);
/** Per operation, at most this many property variants of its body (round-robin over the properties). */
const MAX_BODY_PROPERTY_VARIANTS = 64;
/** The plain user and the visitor are sent every SAMPLE_EVERY-th variant of each operation. */
const SAMPLE_EVERY = 5;

/**
 * Tables left out of the fingerprint: bookkeeping that changes on requests by design, whatever their input.
 * - rate_limit_counters: every write and every limited route counts the attempt, before validation.
 * - login_failures: a refused login (wrong password) is recorded to demand a captcha or cool the account off.
 * - user_active_days: every signed-in request notes the day for the active-user statistics.
 * - captcha_challenges: GET /auth/captcha hands out a new challenge on each call.
 */
const BOOKKEEPING_TABLES = [
  "rate_limit_counters",
  "login_failures",
  "user_active_days",
  "captcha_challenges",
];

/**
 * The routes that read a multipart body in their handler (no body schema in the document): each is also
 * sent broken multipart bodies. The test fails if one of them is no longer in the document.
 */
const UPLOAD_ROUTES = [
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

interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface Variant {
  name: string;
  params?: Record<string, string>;
  query?: [string, string][];
  body?: { payload: string | Buffer; contentType: string };
}

/** A well-formed id that names nothing: the same in every run, so that a failure can be replayed. */
const NO_ID = "00000000-0000-4000-8000-000000000000";

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
function variantsOf(
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

describe("API fuzz: hostile input on every route", () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>> };
  const roles: Record<string, Record<string, string>> = { visitor: {} };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.db);
    const creator = await makeUser(t.db);
    const user = await makeUser(t.db);
    roles.admin = await t.authHeader(admin.username);
    roles.user = await t.authHeader(user.username);
    const resource = await makeResource(t.db, { users_id: creator.id });
    const preview = await addPreview(t.db, resource.id);
    const ad = await makeAd(t.db, { users_id: creator.id, approval_status: "awaiting_approval" });
    const [help] = await t.db
      .insert(helpEntries)
      .values({ name: "fuzz-article", type: "article", short_title: "Fuzz" })
      .returning();
    await t.db.insert(siteImages).values({ key: "welcome", title: "Welcome", image_field_names: ["banner"] });
    Object.assign(ids, {
      creator: creator.id,
      resource: resource.id,
      preview: preview.id,
      ad: ad.id,
      help: help!.id,
    });
    doc = (await t.app.inject({ method: "GET", url: "/api/docs" })).json();
  });
  afterAll(() => t.close());

  /** The seeded row (or a fitting value) a path parameter of this path names. */
  function baseParam(path: string, name: string): string {
    if (name === "*") return "fuzz.png";
    if (name === "folder") return "previews";
    if (name === "key") return path.includes("site-images") ? "welcome" : "home.title";
    if (name === "name") return "primary";
    if (name === "userId" || name === "recipientId") return ids.creator!;
    if (/code$/i.test(name)) return "FUZZCODE";
    if (name !== "id") return NO_ID;
    if (path.startsWith("/api/resources/previews/")) return ids.preview!;
    if (path.startsWith("/api/resources/files/")) return NO_ID;
    if (/^\/api\/(admin\/)?resources\/|favorites/.test(path)) return ids.resource!;
    if (/advertisements/.test(path)) return ids.ad!;
    if (/^\/api\/help\//.test(path)) return ids.help!;
    if (/^\/api\/(admin\/)?users\//.test(path)) return ids.creator!;
    return NO_ID;
  }

  /** One hash per user-data table, in one round trip: a change is named by its table. */
  async function fingerprint(): Promise<Map<string, string>> {
    const tables = await t.db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    const selects = tables.rows
      .map((r) => r.tablename)
      .filter((name) => !BOOKKEEPING_TABLES.includes(name))
      .map(
        (name) =>
          `select '${name}' as name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as hash from "${name}" t`,
      );
    const result = await t.db.execute<{ name: string; hash: string }>(sql.raw(selects.join(" union all ")));
    return new Map(result.rows.map((r) => [r.name, r.hash]));
  }

  it("answers no 5xx and changes no data, on every operation of the OpenAPI document", {
    timeout: 600_000,
  }, async () => {
    const png = await sharp({ create: { width: 700, height: 900, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const body = (f: ReturnType<typeof multipart>) => ({
      payload: f.payload,
      contentType: f.headers["content-type"]!,
    });
    const form = (fields: Record<string, string>, name = "fuzz.png") =>
      body(multipart(fields, { name, type: "image/png", data: png }));
    const whole = form({ orderIndex: "0" });
    // Every text field any upload route reads, so that each route meets the hostile value where it looks.
    const everyField = (value: string) =>
      Object.fromEntries(
        ["orderIndex", "selected", "generatedPreviewName", "alt", "colors", "current", "delete_image"].map(
          (name) => [name, value],
        ),
      );
    const upload: Record<string, { payload: Buffer; contentType: string }> = {
      truncated: { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 300) },
      "no boundary": { ...whole, contentType: "multipart/form-data" },
      "malformed part header": {
        payload: Buffer.from("--b\r\ncontent-disposition form-data name=x\r\n\r\nfuzz\r\n--b--\r\n"),
        contentType: "multipart/form-data; boundary=b",
      },
      "too many parts": body(
        multipart(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, "x"]))),
      ),
      "NUL in every field and the file name": form(everyField("fu\u0000zz"), "fu\u0000zz.png"),
      "huge values in every field and the file name": form(
        everyField(HUGE_BODY_STRING),
        `${HUGE_BODY_STRING}.png`,
      ),
    };

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
    const documented = operations.map((op) => `${op.method} ${op.path}`);
    expect(UPLOAD_ROUTES.filter((route) => !documented.includes(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);

    const failures: string[] = [];
    const changes: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let sinceClear = 0;
    const send = async (op: Operation, variant: Variant, role: string) => {
      // Rate limits count before validation and would answer 429 before the input is looked at: a fresh
      // address per request keeps the per-address limits away, and the per-user counters (the write
      // limit, messages) are cleared every few requests.
      if (++sinceClear >= 15) {
        await t.db.execute(sql`delete from rate_limit_counters`);
        sinceClear = 0;
      }
      const url = op.path.replace(
        /\{([^}]+)\}/g,
        (_, name: string) => variant.params?.[name] ?? encodeURIComponent(baseParam(op.path, name)),
      );
      const query = (variant.query ?? []).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
      sent += 1;
      const res = await t.app.inject({
        method: op.method as "GET",
        url: query ? `${url}?${query}` : url,
        headers: { ...roles[role], ...(variant.body ? { "content-type": variant.body.contentType } : {}) },
        payload: variant.body?.payload,
        remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        failures.push(
          `${role} ${op.method} ${op.path} [${variant.name}] -> ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      }
    };
    const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
      [...after.keys()].filter((table) => after.get(table) !== before.get(table));

    let before = await fingerprint();
    const started = Date.now();
    for (const op of operations) {
      const variants = variantsOf(op, upload);
      for (const [index, variant] of variants.entries()) {
        for (const role of index % SAMPLE_EVERY === 0 ? ["admin", "user", "visitor"] : ["admin"]) {
          await send(op, variant, role);
        }
      }
      let after = await fingerprint();
      if (changedTables(before, after).length > 0) {
        // Only on failure: each variant again as the admin, one at a time, to name the ones that write.
        const culprits: string[] = [];
        for (const variant of variants) {
          const start = await fingerprint();
          await send(op, variant, "admin");
          after = await fingerprint();
          const changed = changedTables(start, after);
          if (changed.length > 0) culprits.push(`[${variant.name}] changed ${changed.join(", ")}`);
        }
        changes.push(
          `${op.method} ${op.path}: ${culprits.join("; ") || "a change not reproduced per variant"}`,
        );
      }
      before = after;
    }

    console.info(
      `API fuzz: ${sent} requests to ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; answers by status: ${[
        ...statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ")}`,
    );
    expect(failures, `5xx answers:\n${failures.join("\n")}`).toEqual([]);
    expect(changes, `data changed by hostile requests:\n${changes.join("\n")}`).toEqual([]);
    // Still signed in, as each role: a sweep whose session had ended would have proved little past the 401s.
    for (const role of ["admin", "user"]) {
      const self = await t.app.inject({ method: "GET", url: "/api/users/self", headers: roles[role] });
      expect({ role, status: self.statusCode }).toEqual({ role, status: 200 });
    }
  });
});
