import { describe, expect, it } from "vitest";
import { formatIsoDate, formatMonth, formatMonthDay } from "./format.ts";

describe("date formats", () => {
  it("formats a calendar day in the reader's locale, the same day wherever they are", () => {
    expect(formatIsoDate("2026-01-05")).toBe("Jan 5, 2026");
    expect(formatIsoDate("2026-01-05", "en-GB")).toBe("5 Jan 2026");
    expect(formatIsoDate("2026-01-05", "de-DE")).toBe("5. Jan. 2026");
    expect(formatIsoDate("2026-12-31T23:30:00.000Z")).toBe("Dec 31, 2026");
    expect(formatMonthDay("2026-12-01")).toBe("Dec 1");
  });

  it("formats a month for tables and, short, for a chart's axis", () => {
    expect(formatMonth("2026-11")).toBe("Nov 2026");
    expect(formatMonth("2026-11", { short: true })).toBe("Nov");
    expect(formatMonth("2026-11", { locale: "fr-FR" })).toBe("nov. 2026");
  });

  it("leaves what is not a date as it is", () => {
    expect(formatIsoDate("soon")).toBe("soon");
    expect(formatMonth("2026-11-05")).toBe("2026-11-05");
  });
});
