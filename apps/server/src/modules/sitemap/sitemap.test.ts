import { randomUUID } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { creatorsSitemap, resourcesSitemap, SITEMAP_MAX_URLS, sitemapIndex } from "./sitemap.service.ts";

const PUBLIC_URL = "https://lessons.example";
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("robots.txt and the sitemap", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: PUBLIC_URL });
    const creator = await makeUser(t.db, { username: "ms_okafor" });
    const quiet = await makeUser(t.db, { username: "only_drafts" });
    const gone = await makeUser(t.db, { username: "gone_away", is_deactivated: true });
    await makeResource(t.db, { users_id: creator.id, name: "volcano-unit" });
    await makeResource(t.db, { users_id: creator.id, name: "free-phonics", is_featured: true });
    await makeResource(t.db, { users_id: creator.id, name: "switched-off", status: "inactive" });
    await makeResource(t.db, { users_id: quiet.id, name: "in-review", approval_status: "awaiting_approval" });
    await makeResource(t.db, { users_id: gone.id, name: "left-behind" });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it("serves robots.txt as text: the public site crawlable, the API (but its pictures) and private areas not", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const line of [
      "Allow: /api/files/",
      "Disallow: /api/",
      "Disallow: /admin",
      "Disallow: /profile/*/settings",
      "Disallow: /resources/*/purchase",
      "Disallow: /payflow",
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ]) {
      expect(lines).toContain(line);
    }
    expect(lines.some((line) => /^Disallow: \/$/.test(line) || line === "Disallow: /resources")).toBe(false);
  });

  it("serves the sitemap index as XML, naming the pages', resources' and creators' files", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(locs(res.body)).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      `${PUBLIC_URL}/sitemap-resources.xml`,
      `${PUBLIC_URL}/sitemap-creators.xml`,
    ]);
  });

  it("lists the site's own pages with their last change", async () => {
    const res = await get("/sitemap-pages.xml");
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toContain("<urlset xmlns=");
    expect(locs(res.body)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/new`,
      `${PUBLIC_URL}/featured`,
      `${PUBLIC_URL}/help`,
    ]);
    expect(res.body).toMatch(
      /<loc>https:\/\/lessons.example\/featured<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/,
    );
  });

  it("lists every approved, active resource and no other, with lastmod", async () => {
    const res = await get("/sitemap-resources.xml");
    expect(res.statusCode).toBe(200);
    expect(locs(res.body).sort()).toEqual(
      ["free-phonics", "left-behind", "volcano-unit"].map((name) => `${PUBLIC_URL}/resources/${name}`),
    );
    expect(res.body).not.toContain("switched-off");
    expect(res.body).not.toContain("in-review");
    expect(res.body.match(/<lastmod>/g)).toHaveLength(3);
  });

  it("lists the portfolios of creators with a listed resource, not of deactivated accounts", async () => {
    const res = await get("/sitemap-creators.xml");
    expect(locs(res.body)).toEqual([`${PUBLIC_URL}/profile/@ms_okafor`]);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it("compresses for crawlers that take it, and refuses a malformed file start", async () => {
    const plain = await get("/robots.txt");
    const br = await get("/robots.txt", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const xml = await get("/sitemap-resources.xml", { "accept-encoding": "gzip" });
    expect(xml.headers.vary).toMatch(/accept-encoding/i);
    expect((await get("/sitemap-resources.xml?after=not-an-id")).statusCode).toBe(400);
  });

  it("answers 404 for a file start the index never gave, without building a file for it", async () => {
    for (const kind of ["resources", "creators"]) {
      const res = await get(`/sitemap-${kind}.xml?after=${randomUUID()}`);
      expect(res.statusCode, kind).toBe(404);
      expect(res.json().error).toBe("not_found");
    }
  });

  it("keeps a sitemap a while rather than querying on every fetch", async () => {
    const before = (await get("/sitemap-resources.xml")).body;
    await makeResource(t.db, { users_id: (await makeUser(t.db)).id, name: "brand-new" });
    expect((await get("/sitemap-resources.xml")).body).toBe(before);
  });
});

describe("the sitemap split into files", () => {
  let t: TestApp;
  let listed: string[];
  beforeAll(async () => {
    t = await buildTestApp();
    const creators = [];
    for (let i = 0; i < 5; i++) creators.push(await makeUser(t.db));
    for (let i = 0; i < 7; i++) {
      await makeResource(t.db, { users_id: creators[i % 5]!.id, name: `split-${i}` });
    }
    await makeResource(t.db, { users_id: creators[0]!.id, name: "split-hidden", status: "inactive" });
    const rows = await t.db.execute<{ name: string }>(
      sql`select name from resources where status = 'active' order by id`,
    );
    listed = rows.rows.map((r) => r.name);
  });
  afterAll(() => t.close());

  const opts = { publicUrl: PUBLIC_URL, pageSize: 3 };

  it("holds at most the protocol's 50,000 addresses a file", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });

  it("names one file per page of resources and of creators, each after the last of the one before", async () => {
    const files = locs(await sitemapIndex(t.db, opts));
    const resourceFiles = files.filter((f) => f.includes("sitemap-resources.xml"));
    const creatorFiles = files.filter((f) => f.includes("sitemap-creators.xml"));
    expect(resourceFiles).toHaveLength(3); // 7 listed, 3 a file
    expect(creatorFiles).toHaveLength(2); // 5 creators
    expect(files[0]).toBe(`${PUBLIC_URL}/sitemap-pages.xml`);

    const pages = [];
    for (const file of resourceFiles) {
      const after = new URL(file).searchParams.get("after") ?? undefined;
      pages.push(locs(await resourcesSitemap(t.db, { ...opts, after })));
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(listed.map((name) => `${PUBLIC_URL}/resources/${name}`));

    const people = [];
    for (const file of creatorFiles) {
      const after = new URL(file).searchParams.get("after") ?? undefined;
      people.push(...locs(await creatorsSitemap(t.db, { ...opts, after })));
    }
    expect(new Set(people).size).toBe(5);
  });

  it("makes no empty last file when the count is a multiple of the page size", async () => {
    const files = locs(await sitemapIndex(t.db, { ...opts, pageSize: 7 }));
    expect(files.filter((f) => f.includes("sitemap-resources.xml"))).toEqual([
      `${PUBLIC_URL}/sitemap-resources.xml`,
    ]);
    const byOne = locs(await sitemapIndex(t.db, { ...opts, pageSize: 1 }));
    expect(byOne.filter((f) => f.includes("sitemap-resources.xml"))).toHaveLength(7);
  });
});
