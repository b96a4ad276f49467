import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import graph of every TypeScript file under apps/ and packages/, the files `npx madge
 * --circular --extensions ts,tsx apps packages` reads, with madge's defaults: type-only imports and
 * lazy `import()` count as edges like any other (a type import still ties the files together for
 * the reader and the compiler, and a lazy screen's import is still an import). The workspace
 * package is followed to its source (madge would stop at node_modules and miss cycles through it).
 */
const ROOT = resolve(import.meta.dirname, "../../../..");
const SCANNED = ["apps", "packages"];
const SKIPPED_DIRS = new Set(["node_modules", "dist"]);
const DOMAIN_SRC = "packages/domain/src";

/**
 * Cycles left on purpose, each the exact set of files of one strongly connected component: a new file
 * drawn in, or a second cycle, still fails. None is left: the last one (the login flow reading the route
 * table that loads the login screens) went when the router started handing the screens the table's
 * access (apps/web/src/routes/route-access.ts).
 */
const KNOWN_CYCLES: string[] = [];

const MODULES = "apps/server/src/modules/";

/** The module a server file belongs to (the folder under modules/), or null outside them. */
function moduleOf(file: string): string | null {
  return file.startsWith(MODULES) ? (file.slice(MODULES.length).split("/")[0] ?? null) : null;
}

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) sourceFiles(path, found);
    } else if (/\.tsx?$/.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

/** The file a specifier names, relative to the root; null for packages and non-code files. */
function target(from: string, specifier: string, files: Set<string>): string | null {
  let path: string;
  if (specifier === "@market/domain") path = `${DOMAIN_SRC}/index.ts`;
  else if (specifier.startsWith("@market/domain/")) path = `${DOMAIN_SRC}/${specifier.slice(15)}.ts`;
  else if (specifier.startsWith(".")) path = relative(ROOT, resolve(ROOT, dirname(from), specifier));
  else return null;
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

interface Graph {
  edges: Map<string, string[]>;
  /** Relative imports of code that named no file: a resolver gap would hide cycles, so none may be left. */
  unresolved: string[];
}

function importGraph(): Graph {
  const all = SCANNED.flatMap((dir) => sourceFiles(dir));
  const files = new Set(all);
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of all) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const to = target(file, fileName, files);
      if (to) targets.add(to);
      else if (/^\.|^@market\//.test(fileName) && !/\.(css|svg|png|json|mjs|js)$/.test(fileName)) {
        unresolved.push(`${file} -> ${fileName}`);
      }
    }
    edges.set(file, [...targets]);
  }
  return { edges, unresolved };
}

/** Tarjan's strongly connected components: each one of more than one file holds at least one cycle. */
function stronglyConnected(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = component.length === 1 && (edges.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** One shortest way round a component from its first file, to show which imports close the loop. */
function shortestLoop(component: string[], edges: Map<string, string[]>): string[] {
  const inside = new Set(component);
  const start = component[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string;
    for (const to of edges.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [node];
        for (let at = node; at !== start; ) {
          at = cameFrom.get(at) as string;
          path.unshift(at);
        }
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return component;
}

describe("the import graph of apps/ and packages/", () => {
  const graph = importGraph();

  it("resolves every import of code, the lazy screens and the workspace package included", () => {
    expect(graph.unresolved).toEqual([]);
    expect(graph.edges.get("apps/web/src/routes/route-table.ts")).toContain(
      "apps/web/src/routes/help/HelpPage.tsx",
    );
    expect(graph.edges.get("apps/server/src/app.ts")).toContain(
      "apps/server/src/modules/resources/resources.routes.ts",
    );
  });

  it("has no import cycle between files but the known ones, and each known one is still there", () => {
    const components = stronglyConnected(graph.edges);
    const found = new Set(components.map((component) => component.join(", ")));
    const cycles = components
      .filter((component) => !KNOWN_CYCLES.includes(component.join(", ")))
      .map(
        (component) =>
          `${component.length} files: ${shortestLoop(component, graph.edges).join(" -> ")}` +
          (component.length > 2 ? `\n    all: ${component.join(", ")}` : ""),
      );
    expect(cycles, cycles.join("\n")).toEqual([]);
    expect(
      KNOWN_CYCLES.filter((known) => !found.has(known)),
      "fixed: remove from KNOWN_CYCLES",
    ).toEqual([]);
  });

  it("lets a module use another only through its index.ts, its tests included", () => {
    const inner = [...graph.edges].flatMap(([file, targets]) => {
      const from = moduleOf(file);
      if (from === null) return [];
      return targets
        .filter((to) => {
          const other = moduleOf(to);
          return other !== null && other !== from && to !== `${MODULES}${other}/index.ts`;
        })
        .map((to) => `${file} -> ${to}`);
    });
    expect(inner.sort(), "import the other module's index.ts, adding there what you use").toEqual([]);
    // The check sees the modules' imports at all: the footer reads the earnings balance through the face.
    expect(graph.edges.get(`${MODULES}footer/footer.service.ts`)).toContain(
      `${MODULES}transactions/index.ts`,
    );
  });

  it("leaves app.ts to the entry points: modules take the app's types from platform/app-types.ts", () => {
    const importers = [...graph.edges]
      .filter(([, targets]) => targets.includes("apps/server/src/app.ts"))
      .map(([file]) => file)
      .filter((file) => !file.endsWith(".test.ts"));
    expect(importers.sort()).toEqual(["apps/server/src/main.ts", "apps/server/src/test/app.ts"]);
  });
});
