import { BUNDLE_TYPE, type PurchaseResponse, type SelfUser } from "@market/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleItems, coupons, sales } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/app.ts";
import { makeAdmin, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";
import { readFirstPage } from "../../test/pdf-check.ts";
import { receiptsTestbed, type User } from "./receipts-testbed.ts";

const BILLING = {
  organisation: "Springfield Elementary School",
  address: "19 Plympton Street\nSpringfield, IL 62701",
  taxId: "EIN 12-3456789",
};

describe("receipts with billing details, as a page and as a PDF", () => {
  const { bed, call, paidResource, buy } = receiptsTestbed();
  let t: TestApp;
  let creator: User;
  beforeAll(() => {
    ({ t, creator } = bed);
  });

  const pdfOf = (saleId: string, user: User | null) =>
    call("GET", `/activity/transactions/${saleId}/receipt.pdf`, user);

  async function couponOf(code: string, percentOff: number) {
    await t.db.insert(coupons).values({
      code,
      users_id: creator.id,
      created_by: creator.id,
      percent_off: percentOff,
      all_resources: true,
      expires_at: new Date(Date.now() + 7 * 86_400_000),
      max_uses: 10,
    });
  }

  it("a buyer's billing details, coupon and total are on the PDF's rendered first page", async () => {
    const buyer = await makeUser(t.db, { first_name: "Edna", last_name: "Krabappel" });
    const resource = await paidResource("Fractions with Pizza", 800);
    await couponOf("PIZZA-25", 25);
    const bought = await call("POST", "/transactions/resource/purchase", buyer, {
      resourceId: resource.id,
      amount: 600,
      couponCode: "pizza-25",
      billing: BILLING,
      saveBilling: true,
      ...TEST_CARD,
    });
    expect(bought.statusCode).toBe(200);
    const { saleId } = bought.json<PurchaseResponse>().sale;

    const res = await pdfOf(saleId, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="lesson-loft-receipt-${saleId.slice(0, 8)}.pdf"`,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const page = await readFirstPage(res.rawPayload);
    expect(page.pageCount).toBe(1);
    expect(page.width).toBeGreaterThan(500);
    // Not blank: the header band and the text cover part of the page, and most of it stays paper.
    expect(page.inkedShare).toBeGreaterThan(0.05);
    expect(page.inkedShare).toBeLessThan(0.6);
    for (const words of [
      "RECEIPT",
      saleId,
      "Fractions with Pizza",
      "$8.00",
      "Coupon PIZZA-25",
      "-$2.00",
      "Total paid $6.00",
      "Springfield Elementary School",
      "19 Plympton Street",
      "Springfield, IL 62701",
      "Tax ID: EIN 12-3456789",
      "Edna Krabappel",
      "Grace (@grace_maker)",
      "Visa ending 4242",
    ]) {
      expect(page.text).toContain(words);
    }
    expect(page.text).not.toContain("Refunded");

    // saveBilling kept them in the buyer's settings for the next checkout.
    const self = (await call("GET", "/users/self", buyer)).json<SelfUser>();
    expect(self.billing).toEqual(BILLING);
  });

  it("says so once the sale is refunded, on the PDF and on the page", async () => {
    const buyer = await makeUser(t.db);
    const resource = await paidResource("Weather Journal", 500);
    const { saleId } = (await buy(buyer, resource)).json<PurchaseResponse>().sale;
    await t.db
      .update(sales)
      .set({ refunded_at: new Date("2026-03-20T15:00:00Z") })
      .where(eq(sales.id, saleId));
    const page = await readFirstPage((await pdfOf(saleId, buyer)).rawPayload);
    expect(page.text).toContain("REFUNDED");
    expect(page.text).toContain("Refunded on March 20, 2026: $5.00 went back to Visa ending 4242");
    const html = (await call("GET", `/activity/transactions/${saleId}/receipt`, buyer)).body;
    expect(html).toContain("This purchase was refunded on March 20, 2026");
  });

  it("names a bundle and how many resources it includes", async () => {
    const buyer = await makeUser(t.db);
    const parts = await Promise.all(
      [300, 400].map((price) => makeResource(t.db, { users_id: creator.id, price })),
    );
    const bundle = await makeResource(t.db, {
      users_id: creator.id,
      type: BUNDLE_TYPE,
      title: "Science Year Bundle",
      price: 500,
    });
    await t.db
      .insert(bundleItems)
      .values(parts.map((p, position) => ({ bundle_id: bundle.id, resource_id: p.id, position })));
    const bought = await buy(buyer, bundle);
    expect(bought.statusCode).toBe(200);
    const page = await readFirstPage(
      (await pdfOf(bought.json<PurchaseResponse>().sale.saleId, buyer)).rawPayload,
    );
    expect(page.text).toContain("Science Year Bundle");
    expect(page.text).toContain("Bundle: includes 2 resources");
    expect(page.text).toContain("Total paid $5.00");
  });

  it("is the buyer's and admins' only: the seller, a stranger, a visitor and a bad id are refused", async () => {
    const buyer = await makeUser(t.db);
    const resource = await paidResource("Map Skills", 400);
    const { saleId } = (await buy(buyer, resource)).json<PurchaseResponse>().sale;
    const admin = await makeAdmin(t.db);
    const adminAuth = await t.authHeader(admin.username);
    const asAdmin = await t.app.inject({
      method: "GET",
      url: `/api/activity/transactions/${saleId}/receipt.pdf`,
      headers: adminAuth,
    });
    expect(asAdmin.statusCode).toBe(200);
    expect((await pdfOf(saleId, creator)).statusCode).toBe(404);
    expect((await pdfOf(saleId, await makeUser(t.db))).statusCode).toBe(404);
    expect((await pdfOf(saleId, null)).statusCode).toBe(401);
    expect((await pdfOf("not-a-sale", buyer)).statusCode).toBe(404);
    expect((await pdfOf("00000000-0000-4000-8000-000000000000", buyer)).statusCode).toBe(404);
  });

  it("draws what the standard fonts cannot as '?', rather than failing the document", async () => {
    const buyer = await makeUser(t.db);
    const resource = await paidResource("Café Français 🥐", 300);
    const bought = await call("POST", "/transactions/resource/purchase", buyer, {
      resourceId: resource.id,
      amount: 300,
      billing: { organisation: "École Saint-Étienne 学校", address: null, taxId: "FR 12 345" },
      ...TEST_CARD,
    });
    const res = await pdfOf(bought.json<PurchaseResponse>().sale.saleId, buyer);
    expect(res.statusCode).toBe(200);
    const page = await readFirstPage(res.rawPayload);
    expect(page.text).toContain("Café Français ?");
    expect(page.text).toContain("École Saint-Étienne ??");
  });
});

describe("billing details in the account's settings", () => {
  const { bed, call } = receiptsTestbed();
  const patch = async (user: User, body: unknown) =>
    bed.t.app.inject({
      method: "PATCH",
      url: "/api/users/self",
      headers: await bed.t.tokenFor(user.id),
      payload: body as object,
    });

  it("are kept trimmed, with an empty part as none, and read back with the account", async () => {
    const user = await makeUser(bed.t.db);
    expect((await call("GET", "/users/self", user)).json<SelfUser>().billing).toEqual({
      organisation: null,
      address: null,
      taxId: null,
    });
    const res = await patch(user, {
      billing: { organisation: "  Oak Hill Academy  ", address: "  ", taxId: "GB123456789 " },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SelfUser>().billing).toEqual({
      organisation: "Oak Hill Academy",
      address: null,
      taxId: "GB123456789",
    });
    expect((await call("GET", "/users/self", user)).json<SelfUser>().billing.organisation).toBe(
      "Oak Hill Academy",
    );
  });

  it("refuses too long, wrongly typed and NUL-carrying details, changing nothing", async () => {
    const user = await makeUser(bed.t.db, { billing_organisation: "Kept" });
    const bad = [
      { organisation: "x".repeat(201), address: null, taxId: null },
      { organisation: null, address: "x".repeat(501), taxId: null },
      { organisation: null, address: null, taxId: "x".repeat(41) },
      { organisation: 5, address: null, taxId: null },
      { organisation: "Oak\u0000Hill", address: null, taxId: null },
      { organisation: "Only one part" },
    ];
    for (const billing of bad) {
      const res = await patch(user, { billing });
      expect(res.statusCode, JSON.stringify(billing)).toBe(400);
    }
    expect((await call("GET", "/users/self", user)).json<SelfUser>().billing.organisation).toBe("Kept");
  });
});
