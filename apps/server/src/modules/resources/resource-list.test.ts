import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeResource, makeUser } from "../../test/factories.ts";

describe("GET /api/resources (the public grids)", () => {
  let t: TestApp;
  let creatorId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const creator = await makeUser(t.db, { username: "creator_x" });
    creatorId = creator.id;
    const day = 24 * 3600 * 1000;
    const base = Date.now() - 40 * day;
    for (let i = 0; i < 30; i++) {
      const r = await makeResource(t.db, {
        users_id: creatorId,
        name: `listed-${i}`,
        title: `Listed ${i}`,
        price: i % 3 === 0 ? 0 : 100 + i * 10,
        download_count: (i * 7) % 31,
        is_featured: i < 4,
        published_at: new Date(base + i * day),
      });
      await addPreview(t.db, r.id, 1);
      await addPreview(t.db, r.id, 0);
    }
    await makeResource(t.db, {
      users_id: creatorId,
      name: "in-review",
      approval_status: "awaiting_approval",
      status: "inactive",
    });
    await makeResource(t.db, { users_id: creatorId, name: "deactivated", status: "inactive" });
  });
  afterAll(() => t.close());

  const list = (query: string) => t.app.inject({ method: "GET", url: `/api/resources${query}` });

  it("lists only approved, active resources, newest first, paginated", async () => {
    const first = (await list("?pageSize=12")).json();
    expect(first.total).toBe(30);
    expect(first.resources).toHaveLength(12);
    expect(first.resources[0].name).toBe("listed-29");
    const third = (await list("?pageSize=12&page=3")).json();
    expect(third.resources.map((r: { name: string }) => r.name)).toEqual([
      "listed-5",
      "listed-4",
      "listed-3",
      "listed-2",
      "listed-1",
      "listed-0",
    ]);
    const names = [first, (await list("?pageSize=12&page=2")).json(), third].flatMap((p) =>
      p.resources.map((r: { name: string }) => r.name),
    );
    expect(new Set(names).size).toBe(30);
    expect(names).not.toContain("in-review");
    expect(names).not.toContain("deactivated");
  });

  it("shows each tile's creator and its first preview as the cover", async () => {
    const tile = (await list("?pageSize=1")).json().resources[0];
    expect(tile.creator).toMatchObject({ id: creatorId, username: "creator_x" });
    expect(tile.cover_locator).toMatch(/^previews\//);
    expect(tile).not.toHaveProperty("description");
  });

  it("sorts by downloads and price, and filters featured", async () => {
    const byDownloads = (await list("?sort=downloads&pageSize=48"))
      .json()
      .resources.map((r: { downloadCount: number }) => r.downloadCount);
    expect(byDownloads).toEqual([...byDownloads].sort((a, b) => b - a));
    const byPrice = (await list("?sort=price-asc&pageSize=48"))
      .json()
      .resources.map((r: { price: number }) => r.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const featured = (await list("?featured=true")).json();
    expect(featured.total).toBe(4);
  });

  it("refuses a page size or sort outside the contract with 400", async () => {
    expect((await list("?pageSize=1000")).statusCode).toBe(400);
    expect((await list("?sort=random")).statusCode).toBe(400);
    expect((await list("?page=0")).statusCode).toBe(400);
  });
});
