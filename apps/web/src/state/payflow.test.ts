import { describe, expect, it } from "vitest";
import { createPayflow } from "./payflow.ts";

describe("payflow (spec 4: error first, then canceled; locked after a finish until the redirect)", () => {
  it.each([
    [["success"], "success"],
    [["canceled", "success"], "canceled"],
    [["success", "error"], "error"],
    [["canceled", "error", "success"], "error"],
  ] as const)("reports %j end in %s", (reports, outcome) => {
    const flow = createPayflow();
    for (const r of reports) flow.report(r);
    expect(flow.finish()).toBe(outcome);
  });

  it("ignores reports after a finish until the redirect unlocks it", () => {
    const flow = createPayflow();
    flow.report("error");
    flow.finish();
    expect(flow.report("success")).toBe("error");
    expect(flow.locked).toBe(true);
    flow.unlock();
    expect(flow.outcome).toBeNull();
    flow.report("success");
    expect(flow.finish()).toBe("success");
  });
});
