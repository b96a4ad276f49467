import { describe, expect, it } from "vitest";
import { addDays, dayFractionInZone, dayInZone } from "./site-day.ts";

describe("dayInZone and addDays", () => {
  it.each([
    ["2026-11-23T03:00:00Z", "America/New_York", "2026-11-22"],
    ["2026-11-23T06:00:00Z", "America/New_York", "2026-11-23"],
    ["2026-11-23T23:30:00Z", "Europe/Berlin", "2026-11-24"],
  ])("%s in %s is %s", (instant, zone, day) => expect(dayInZone(new Date(instant), zone)).toBe(day));

  it.each([
    ["2026-11-23", 30, "2026-12-23"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-03-01", -1, "2026-02-28"],
  ])("%s + %i days is %s", (day, days, expected) => expect(addDays(day, days)).toBe(expected));
});

describe("dayFractionInZone (ad pacing: how far through the site's day it is)", () => {
  it.each([
    ["2026-11-23T05:00:00Z", "America/New_York", 0],
    ["2026-11-23T17:00:00Z", "America/New_York", 0.5],
    ["2026-11-23T11:30:00Z", "UTC", 11.5 / 24],
    ["2026-11-23T23:59:00Z", "UTC", 23 / 24 + 59 / 1440],
  ])("%s in %s -> %s", (iso, zone, fraction) => {
    expect(dayFractionInZone(new Date(iso), zone)).toBeCloseTo(fraction, 10);
  });

  it("keeps its answers right across zones while reusing formatters", () => {
    const at = new Date("2026-11-23T03:00:00Z");
    expect(dayInZone(at, "America/New_York")).toBe("2026-11-22");
    expect(dayInZone(at, "UTC")).toBe("2026-11-23");
    expect(dayInZone(at, "America/New_York")).toBe("2026-11-22");
  });
});
