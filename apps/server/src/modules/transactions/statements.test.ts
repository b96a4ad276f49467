import { dayInZone, type PurchaseResponse, type StatementYearsResponse } from "@market/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { donations, sales } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/app.ts";
import { makeUser, TEST_CARD } from "../../test/factories.ts";
import { readFirstPage } from "../../test/pdf-check.ts";
import { receiptsTestbed, type User } from "./receipts-testbed.ts";
import { csvText } from "./statement-csv.ts";

/** A CSV document's rows, cells unquoted (enough for ours: no line breaks inside cells). */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
        .map((m) => m[1]!)
        .slice(0, -1)
        .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell)),
    );
}

describe("yearly statements", () => {
  const { bed, call, paidResource, buy } = receiptsTestbed();
  let t: TestApp;
  let creator: User;
  let buyer: User;
  const year = Number(dayInZone(new Date()).slice(0, 4));
  let refundedSaleId: string;

  beforeAll(async () => {
    ({ t, creator } = bed);
    buyer = await makeUser(t.db, {
      first_name: "Seymour",
      last_name: "Skinner",
      billing_organisation: "=Springfield Elementary",
      billing_address: "19 Plympton Street\nSpringfield",
      billing_tax_id: "+EIN 12-3456789",
    });
    // A title a spreadsheet would run as a formula, and one with a quote and an accent.
    const risky = await paidResource('=HYPERLINK("http://x.test","Click")', 700);
    const plain = await paidResource('The "Café" Unit', 450);
    const gifted = await paidResource("Gift of Owls", 300);
    expect((await buy(buyer, risky)).statusCode).toBe(200);
    const bought = await buy(buyer, plain);
    refundedSaleId = bought.json<PurchaseResponse>().sale.saleId;
    expect(
      (
        await call("POST", `/transactions/resource/purchase/gift/${buyer.ref_code}`, buyer, {
          resourceId: gifted.id,
          amount: 300,
          ...TEST_CARD,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call("POST", `/transactions/tip/purchase/${creator.id}`, buyer, { amount: 200, ...TEST_CARD }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call("POST", "/transactions/donate/purchase", buyer, { amount: 1000, ...TEST_CARD })).statusCode,
    ).toBe(200);
    await t.db.update(sales).set({ refunded_at: new Date() }).where(eq(sales.id, refundedSaleId));
    // Somebody else's purchase is never on this buyer's statement.
    await buy(await makeUser(t.db), await paidResource("Not Theirs", 900));
  });

  const csvOf = async (y: number | string, user: User = buyer) =>
    call("GET", `/activity/statements/${y}.csv`, user);

  it("lists every purchase, gift, tip, donation and refund of the year, with totals that add up", async () => {
    const res = await csvOf(year);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="lesson-loft-statement-${year}.csv"`,
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(res.body);
    const head = rows.findIndex((r) => r[0] === "Date");
    expect(rows[head]).toEqual([
      "Date",
      "Type",
      "Description",
      "Paid to",
      "Paid with",
      "Reference",
      "Amount (USD)",
      "Seats",
    ]);
    const lines = rows.slice(head + 1).filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[0]!));
    expect(lines.map((r) => r[1]).sort()).toEqual(
      ["Donation to the site", "Gift bought", "Purchase", "Purchase", "Refund", "Tip"].sort(),
    );
    const amount = (type: string) => lines.filter((r) => r[1] === type).map((r) => r[6]);
    expect(amount("Refund")).toEqual(["-4.50"]);
    expect(amount("Donation to the site")).toEqual(["10.00"]);
    expect(lines.find((r) => r[1] === "Donation to the site")![3]).toBe("Lesson Loft");
    expect(lines.find((r) => r[1] === "Tip")![2]).toBe("Tip to Grace (@grace_maker)");
    expect(lines.find((r) => r[1] === "Refund")![5]).toBe(refundedSaleId);
    expect(lines.every((r) => r[4] === "Visa ending 4242")).toBe(true);
    expect(res.body).not.toContain("Not Theirs");

    const totals = Object.fromEntries(
      rows.filter((r) => r[5]?.startsWith("Total") || r[5] === "Net paid").map((r) => [r[5], r[6]]),
    );
    const sum = (list: string[][]) => list.reduce((s, r) => s + Math.round(Number(r[6]) * 100), 0);
    expect(totals).toEqual({
      "Total paid": "26.50",
      "Total refunded": "-4.50",
      "Net paid": "22.00",
    });
    expect(sum(lines)).toBe(2200);
  });

  it("escapes cells a spreadsheet would run, and puts the billing details at the top", async () => {
    const rows = parseCsv((await csvOf(year)).body);
    const field = (label: string) => rows.find((r) => r[0] === label)?.[1];
    expect(field("Organisation")).toBe("'=Springfield Elementary");
    expect(field("Tax ID")).toBe("'+EIN 12-3456789");
    expect(field("Billing address")).toBe("19 Plympton Street\nSpringfield");
    expect(field("Account")).toContain("Seymour Skinner");
    const risky = rows.find((r) => r[2]?.includes("HYPERLINK"));
    expect(risky?.[2]).toBe(`'=HYPERLINK("http://x.test","Click")`);
    expect(rows.some((r) => r[2] === 'The "Café" Unit')).toBe(true);
    // The rule itself, cell by cell.
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "plain"].map(csvText)).toEqual([
      `"'=1+1"`,
      `"'+1"`,
      `"'-1"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      `"plain"`,
    ]);
  });

  it("draws the same statement as a PDF whose first page says who, what and how much", async () => {
    const res = await call("GET", `/activity/statements/${year}.pdf`, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="lesson-loft-statement-${year}.pdf"`,
    );
    const page = await readFirstPage(res.rawPayload);
    expect(page.inkedShare).toBeGreaterThan(0.05);
    for (const words of [
      `Payments in ${year}`,
      "=Springfield Elementary",
      "Seymour Skinner",
      "Tax ID: +EIN 12-3456789",
      "Donation to the site",
      "Gift: Gift of Owls",
      'Refund: The "Café" Unit',
      "-$4.50",
      "Net paid $22.00",
    ]) {
      expect(page.text).toContain(words);
    }
  });

  it("counts a payment in the site's calendar year, not UTC's", async () => {
    const user = await makeUser(t.db);
    expect(
      (await call("POST", "/transactions/donate/purchase", user, { amount: 500, ...TEST_CARD })).statusCode,
    ).toBe(200);
    // 04:30 UTC on January 1 is still December 31 in New York (the site's default time zone).
    await t.db
      .update(donations)
      .set({ created_at: new Date("2025-01-01T04:30:00Z") })
      .where(eq(donations.users_id, user.id));
    const in2024 = parseCsv((await csvOf(2024, user)).body);
    expect(in2024.some((r) => r[0] === "2024-12-31" && r[6] === "5.00")).toBe(true);
    expect(parseCsv((await csvOf(2025, user)).body).some((r) => r[1] === "Donation to the site")).toBe(false);
  });

  it("gives an empty statement with zero totals for a year with nothing, and 400 for a malformed year", async () => {
    const rows = parseCsv((await csvOf(2003)).body);
    expect(rows.filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[0]!))).toEqual([]);
    expect(rows.find((r) => r[5] === "Net paid")?.[6]).toBe("0.00");
    const pdf = await call("GET", "/activity/statements/2003.pdf", buyer);
    expect(pdf.statusCode).toBe(200);
    expect((await readFirstPage(pdf.rawPayload)).text).toContain("Nothing was paid or refunded in 2003.");
    for (const bad of ["20x6", "1999", "12345", "0000", "2026%00"]) {
      expect((await csvOf(bad)).statusCode, bad).toBe(400);
    }
    expect((await call("GET", `/activity/statements/${year}.csv`, null)).statusCode).toBe(401);
    expect((await call("GET", `/activity/statements/${year}.xls`, buyer)).statusCode).toBe(404);
  });

  it("lists the years with something in them, and this year always, with totals that match", async () => {
    const years = (await call("GET", "/activity/statements", buyer)).json<StatementYearsResponse>();
    expect(years.years).toEqual([{ year, lines: 6, paidCents: 2650, refundedCents: 450 }]);
    const fresh = (
      await call("GET", "/activity/statements", await makeUser(t.db))
    ).json<StatementYearsResponse>();
    expect(fresh.years).toEqual([{ year, lines: 0, paidCents: 0, refundedCents: 0 }]);
  });
});
