import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import {
  BOOT_DATA_ELEMENT_ID,
  colorVariablesCss,
  HOME_GRID_PARAMS,
  HOME_SHELVES,
  type SiteBootData,
  shelfParams,
  withQuery,
} from "@market/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeAdmin, makeResource, makeUser } from "../../test/factories.ts";

const INDEX = `<!doctype html><html><head><title>Lesson Loft</title></head><body><div id="root"><header><span data-site-name="">Lesson Loft</span></header></div></body></html>`;
/** A build's manifest, as Vite writes it: the home screen imports one shared chunk beside the first bundle. */
const MANIFEST = {
  "index.html": { file: "assets/index-aaa.js", isEntry: true, imports: ["_react-bbb.js"] },
  "_react-bbb.js": { file: "assets/react-bbb.js" },
  "src/routes/catalogue/HomePage.tsx": {
    file: "assets/HomePage-ccc.js",
    isDynamicEntry: true,
    imports: ["_react-bbb.js", "index.html", "_grid-ddd.js"],
  },
  "_grid-ddd.js": { file: "assets/grid-ddd.js", imports: ["_react-bbb.js"] },
  "src/routes/resources/ResourcePage.tsx": { file: "assets/ResourcePage-eee.js", imports: ["_grid-ddd.js"] },
};

const bootDataOf = (html: string): SiteBootData => {
  const match = new RegExp(
    `<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error("no boot data in the page");
  return JSON.parse(match[1]) as SiteBootData;
};

describe("the served page carries the site's configuration and a landing page's first screen", () => {
  let t: TestApp;
  let admin: { authorization: string };
  let coverKey: string;
  let previewKey: string;
  const featuredUrl = withQuery("/api/resources", shelfParams(HOME_SHELVES.featured.query));

  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), "market-shell-"));
    await mkdir(join(dist, "assets"));
    await mkdir(join(dist, ".vite"));
    await writeFile(join(dist, "index.html"), INDEX);
    await writeFile(join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    t = await buildTestApp({ webDist: dist });
    admin = await t.tokenFor((await makeAdmin(t.db)).id, ["user", "admin"]);
    const creator = await makeUser(t.db);
    const featured = await makeResource(t.db, {
      users_id: creator.id,
      name: "volcano-unit",
      is_featured: true,
    });
    coverKey = (await addPreview(t.db, featured.id)).storage_key;
    const other = await makeResource(t.db, { users_id: creator.id, name: "fraction-strips" });
    await addPreview(t.db, other.id, 1);
    previewKey = (await addPreview(t.db, other.id, 0)).storage_key;
  });
  afterAll(() => t.close());

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: "GET", url, headers });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    return res;
  };

  it("puts the five configuration answers in every page, the same the API gives", async () => {
    for (const url of ["/", "/favorites", "/admin/users", "/resources/volcano-unit"]) {
      const boot = bootDataOf((await page(url)).body);
      const api = async (path: string) => (await t.app.inject({ method: "GET", url: `/api${path}` })).json();
      expect(boot.settings, url).toEqual((await api("/site-settings/front-end")).settings);
      expect(boot.offlineMode).toBe(false);
      expect(boot.texts).toEqual((await api("/texts/values")).texts);
      expect(boot.colors).toEqual((await api("/colors/values")).colors);
      expect(boot.cssOverride).toBe(
        (await api("/site-settings/front-end-css-override")).settings.cssOverride,
      );
    }
  });

  it("carries home's three lists by the web app's exact addresses, hints its first covers and its scripts", async () => {
    const html = (await page("/")).body;
    const answers = bootDataOf(html).answers ?? {};
    const gridUrl = withQuery("/api/resources", HOME_GRID_PARAMS);
    const newUrl = withQuery("/api/resources", shelfParams(HOME_SHELVES.new.query));
    expect(Object.keys(answers).sort()).toEqual([featuredUrl, gridUrl, newUrl].sort());
    // These are the addresses the web app asks for (the client builds them with the same withQuery).
    expect(featuredUrl).toBe("/api/resources?featured=true&sort=newest&page=1&pageSize=4");
    expect(gridUrl).toBe("/api/resources?page=1&pageSize=12&sort=downloads");
    expect(answers[featuredUrl]).toEqual((await t.app.inject({ method: "GET", url: featuredUrl })).json());
    expect(html).toContain(`<link rel="preload" as="image" href="/api/files/${coverKey}?w=320"`);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-ccc.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/grid-ddd.js">');
    // What the first bundle loads anyway is not hinted twice.
    expect(html).not.toContain("react-bbb.js");
    expect(html).not.toContain("index-aaa.js");
  });

  it("carries a resource page's answer and hints its first preview, by order", async () => {
    const html = (await page("/resources/fraction-strips")).body;
    const answers = bootDataOf(html).answers ?? {};
    expect(Object.keys(answers)).toEqual(["/api/resources/fraction-strips"]);
    expect(html).toContain(`<link rel="preload" as="image" href="/api/files/${previewKey}?w=640"`);
    expect(html).toContain('href="/assets/ResourcePage-eee.js"');
  });

  it("leaves out what is not a landing page's first screen, and answers that are not a 200", async () => {
    for (const url of [
      "/?q=fractions",
      "/favorites",
      "/resources/edit",
      "/resources/volcano-unit?refCode=AB12CD34",
    ]) {
      const html = (await page(url)).body;
      expect(bootDataOf(html).answers, url).toEqual({});
      expect(html, url).not.toContain("modulepreload");
    }
    const missing = (await page("/resources/no-such-thing")).body;
    expect(bootDataOf(missing).answers).toEqual({});
    expect(missing).not.toContain('rel="preload"');
  });

  it("in offline mode carries the flag and no catalogue answers (the API refuses them to visitors)", async () => {
    const set = (offlineMode: boolean) =>
      t.app.inject({ method: "PATCH", url: "/api/site-settings", headers: admin, payload: { offlineMode } });
    expect((await set(true)).statusCode).toBe(200);
    try {
      const boot = bootDataOf((await page("/")).body);
      expect(boot.offlineMode).toBe(true);
      expect(boot.answers).toEqual({});
    } finally {
      await set(false);
    }
  });

  it("cannot be broken out of by a text: '<' is written as its escape", async () => {
    const hostile = '</script><script>alert("x")</script><!--';
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/texts/home.promise",
      headers: admin,
      payload: { value: hostile },
    });
    expect(res.statusCode).toBe(200);
    const html = (await page("/")).body;
    expect(html).not.toContain("<script>alert");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(bootDataOf(html).texts["home.promise"]).toBe(hostile);
  });

  it("paints its first frame in the admin's colours and under the admin's name for the site", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/texts/site.name",
      headers: admin,
      payload: { value: "Oak & <Pine> Resources" },
    });
    expect(res.statusCode).toBe(200);
    const html = (await page("/favorites")).body;
    expect(html).toContain('<span data-site-name="">Oak &#38; &#60;Pine&#62; Resources</span>');
    const { colors } = (await t.app.inject({ method: "GET", url: "/api/colors/values" })).json();
    const style = `<style id="boot-colors">${colorVariablesCss(colors)}</style>`;
    expect(html.indexOf(style)).toBeGreaterThan(-1);
    expect(html.indexOf(style)).toBeLessThan(html.indexOf("</head>"));
  });

  it("is compressed for a browser that takes it, decoding to the same page", async () => {
    const plain = await page("/");
    const br = await page("/", { "accept-encoding": "br" });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(br.headers["content-encoding"], JSON.stringify(br.headers)).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers["cache-control"]).toBe("no-cache");
  });

  it("does not serve the build's manifest", async () => {
    const res = await t.app.inject({ method: "GET", url: "/.vite/manifest.json" });
    expect(res.body).not.toContain("HomePage-ccc.js");
  });
});
