import { describe, expect, it } from "vitest";
import {
  bucketStart,
  checkStatisticsPeriod,
  STATISTICS_MAX_BUCKETS,
  statisticsBucketStarts,
} from "./statistics.ts";

// Issue 9: "sign-ups, active users, ... over a chosen period, as charts and figures".
describe("statistics buckets", () => {
  it.each([
    ["2026-03-18", "day", "2026-03-18"],
    ["2026-03-18", "week", "2026-03-16"], // a Wednesday belongs to the week from Monday 16th
    ["2026-03-16", "week", "2026-03-16"],
    ["2026-03-22", "week", "2026-03-16"], // Sunday closes the week
    ["2026-01-01", "week", "2025-12-29"], // weeks cross years
    ["2026-03-18", "month", "2026-03-01"],
  ] as const)("%s in a %s bucket starts on %s", (day, bucket, start) => {
    expect(bucketStart(day, bucket)).toBe(start);
  });

  it.each([
    ["2026-03-30", "2026-04-02", "day", ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02"]],
    ["2026-03-18", "2026-04-01", "week", ["2026-03-16", "2026-03-23", "2026-03-30"]],
    ["2025-11-15", "2026-02-01", "month", ["2025-11-01", "2025-12-01", "2026-01-01", "2026-02-01"]],
    ["2026-01-31", "2026-03-01", "month", ["2026-01-01", "2026-02-01", "2026-03-01"]],
    ["2026-05-05", "2026-05-05", "day", ["2026-05-05"]],
  ] as const)("from %s to %s by %s lists every bucket, empty ones included", (from, to, bucket, starts) => {
    expect(statisticsBucketStarts(from, to, bucket)).toEqual(starts);
  });

  it.each([
    ["2026-01-01", "2026-12-31", "day", null], // a year of days is the main view
    ["2025-01-01", "2026-12-31", "day", "too_many_buckets"],
    ["2016-01-01", "2026-12-31", "week", "too_many_buckets"],
    ["2016-01-01", "2026-12-31", "month", null],
    ["2026-02-01", "2026-01-01", "day", "to_before_from"],
  ] as const)("the period %s to %s by %s: %s", (from, to, bucket, problem) => {
    expect(checkStatisticsPeriod(from, to, bucket)).toBe(problem);
  });

  it("never lists more than the limit plus one bucket, however long the period", () => {
    expect(statisticsBucketStarts("1900-01-01", "2900-01-01", "day").length).toBe(STATISTICS_MAX_BUCKETS + 1);
  });
});
