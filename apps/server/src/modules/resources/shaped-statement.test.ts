import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { executeShaped, shapeCounts } from "./shaped-statement.ts";

describe("shaped statements", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const run = (shape: number) =>
    executeShaped<{ n: number }>(
      t.db,
      "shape_test",
      `k${shape}`,
      () => sql`select ${sql.placeholder("n")}::int + ${shape} as n`,
      { n: 1 },
    );

  it("builds a shape once, runs it with its values, and names it only from its third run", async () => {
    const before = shapeCounts(t.db);
    expect(await run(1)).toEqual([{ n: 2 }]);
    expect(await run(1)).toEqual([{ n: 2 }]);
    expect(shapeCounts(t.db)).toEqual({ shapes: before.shapes + 1, named: before.named });
    expect(await run(1)).toEqual([{ n: 2 }]);
    expect(shapeCounts(t.db)).toEqual({ shapes: before.shapes + 1, named: before.named + 1 });
  });

  it("names at most 128 shapes however many a caller cycles through", async () => {
    for (let shape = 100; shape < 300; shape++) {
      for (let i = 0; i < 3; i++) await run(shape);
    }
    expect(shapeCounts(t.db).named).toBe(128);
    expect(await run(299)).toEqual([{ n: 300 }]);
  });
});
