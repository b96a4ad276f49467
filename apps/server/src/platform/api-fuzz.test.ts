import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helpEntries, siteImages } from "../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { addPreview, makeAd, makeAdmin, makeResource, makeUser } from "../test/factories.ts";
import { multipart } from "../test/multipart.ts";
import {
  HUGE_BODY_STRING,
  NO_ID,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  UPLOAD_ROUTES,
  type Variant,
  variantsOf,
} from "./api-fuzz-variants.ts";

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
 * handler and a write shows up as a changed table, named with the operation that changed it. The
 * operations and their variants come from api-fuzz-variants.ts.
 */

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

describe("API fuzz: hostile input on every route", () => {
  let t: TestApp;
  let doc: OpenApiDocument;
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

    const operations = operationsOf(doc);
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
