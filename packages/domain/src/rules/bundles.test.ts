import { describe, expect, it } from "vitest";
import { bundleCatalogueFields, bundleProblems, bundleTotals } from "./bundles.ts";

const mine = (
  id: string,
  price: number,
  extra: Partial<{ type: string; listed: boolean; users_id: string }> = {},
) => ({
  id,
  users_id: "me",
  type: "Unit",
  price,
  listed: true,
  ...extra,
});

describe("bundle rules", () => {
  const found = [
    mine("a", 800),
    mine("b", 500),
    mine("c", 300, { listed: false }),
    mine("d", 400, { type: "Bundle" }),
  ];
  const check = (requestedIds: string[], priceCents: number) =>
    bundleProblems({
      creatorId: "me",
      requestedIds,
      found: [...found, { ...mine("x", 100), users_id: "you" }],
      priceCents,
    });

  it("accepts the creator's own listed resources at a price below their sum", () => {
    expect(check(["a", "b"], 1299)).toEqual({});
  });

  it("names the field at fault", () => {
    expect(check(["a", "b"], 1300)).toEqual({ price: "price_not_below_sum" });
    expect(check(["a", "a"], 500)).toEqual({ resourceIds: "duplicate_resources" });
    expect(check(["a", "x"], 500)).toEqual({ resourceIds: "not_your_resource" });
    expect(check(["a", "missing"], 500)).toEqual({ resourceIds: "not_your_resource" });
    expect(check(["a", "c"], 500)).toEqual({ resourceIds: "resource_not_listed" });
    expect(check(["a", "d"], 500)).toEqual({ resourceIds: "bundle_in_bundle" });
  });

  it("sums and saves, and files the bundle under its resources' most common grade and subject", () => {
    expect(bundleTotals(1200, [800, 500, 300])).toEqual({ sumCents: 1600, savingCents: 400 });
    expect(
      bundleCatalogueFields([
        { grade: "2", subject_area: "Science" },
        { grade: "3", subject_area: "Math" },
        { grade: "3", subject_area: "Science" },
      ]),
    ).toEqual({ grade: "3", subject_area: "Science" });
  });
});
