import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.ts";

const NUL = "\u0000";

/**
 * Whether a parsed value holds a NUL character (U+0000) in any string or key. PostgreSQL cannot store
 * NUL in text (SQLSTATE 22021) nor in jsonb (22P05), so such a value would fail at the database, after
 * a handler may already have done part of its work. Iterative, not recursive: JSON.parse accepts
 * arrays nested far deeper than the call stack, and a guard must not be the thing that throws.
 * Buffers (binary bodies) are skipped: NUL is an ordinary byte there.
 */
export function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (value === null || typeof value !== "object") return false;
  // The common case, a flat object of strings (path params, a query), is read without allocating.
  if (!Array.isArray(value) && !Buffer.isBuffer(value)) {
    let nested = false;
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (key.includes(NUL)) return true;
      if (typeof item === "string") {
        if (item.includes(NUL)) return true;
      } else if (item !== null && typeof item === "object") nested = true;
    }
    if (!nested) return false;
  }
  return walkForNul(value);
}

function walkForNul(value: object): boolean {
  const stack: object[] = [value];
  // Whether an item is (or holds, once walked) a NUL; objects are put on the stack to walk.
  const holdsNul = (item: unknown) => {
    if (typeof item === "string") return item.includes(NUL);
    if (item !== null && typeof item === "object") stack.push(item);
    return false;
  };
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (Buffer.isBuffer(current)) continue;
    if (Array.isArray(current)) {
      for (const item of current) if (holdsNul(item)) return true;
      continue;
    }
    // for-in rather than Object.keys: no array of keys is made for each object walked.
    for (const key in current) {
      if (key.includes(NUL) || holdsNul((current as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

/** How deep nulPath names fields; below it, the NUL is named by its ancestor at this depth. */
const MAX_PATH_DEPTH = 16;

/**
 * Where the first NUL sits, as the dotted path the validation errors use (`keywords.1`), or `root` when
 * the value itself is the string. A key holding NUL is named by its parent (a NUL in a field name of
 * the answer would only repeat the problem). Called only once hasNul said yes, so it may allocate.
 */
export function nulPath(value: unknown, root: string): string | undefined {
  const stack: [unknown, string, number][] = [[value, "", 0]];
  while (stack.length > 0) {
    const [current, path, depth] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes(NUL)) return path || root;
      continue;
    }
    if (current === null || typeof current !== "object" || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_PATH_DEPTH) {
      if (hasNul(current)) return path || root;
      continue;
    }
    const entries = Array.isArray(current)
      ? current.map((item, i) => [String(i), item] as const)
      : Object.entries(current);
    // Pushed in reverse, so the first field in the body is the one named.
    for (const [key, item] of entries.reverse()) {
      if (key.includes(NUL)) return path || root;
      stack.push([item, path ? `${path}.${key}` : key, depth + 1]);
    }
  }
  return undefined;
}

export const nulCharacterRefusal = (field: string) =>
  new AppError("validation_failed", "Text may not contain the NUL character (U+0000)", {
    fields: { [field]: "nul_character" },
  });

/**
 * Refuses, for every route at once, a request whose path parameters, query or JSON body hold a NUL
 * character: 400 `validation_failed` naming the field `nul_character`, before the route's schema and
 * handler run. Registered after the rate limits, so a refused attempt is still counted. Multipart text
 * fields are read inside their handlers, after this hook; a NUL there is refused by the database and
 * answered 400 by the error handler's backstop (db-errors.ts).
 *
 * Callback style, no promise: it runs on every request, and the usual request (no NUL) costs one walk
 * over values that are already parsed.
 */
export function installInputGuards(app: FastifyInstance) {
  app.addHook("preValidation", (request, _reply, done) => {
    if (hasNul(request.params)) return done(nulCharacterRefusal(nulPath(request.params, "params")!));
    if (hasNul(request.query)) return done(nulCharacterRefusal(nulPath(request.query, "query")!));
    if (hasNul(request.body)) return done(nulCharacterRefusal(nulPath(request.body, "body")!));
    done();
  });
}
