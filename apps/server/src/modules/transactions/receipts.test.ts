import type { PurchaseResponse } from "@market/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema/index.ts";
import { loadViewer } from "../../platform/access.ts";
import { startSession } from "../../platform/sessions.ts";
import type { TestApp } from "../../test/app.ts";
import { makeAd, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";
import { checkout } from "./checkout.service.ts";
import { RECEIPT_MAIL_JOB } from "./receipt-mail.job.ts";
import { receiptsTestbed, type User } from "./receipts-testbed.ts";

describe("receipts", () => {
  const { bed, call, mailsTo, paidResource, buy } = receiptsTestbed();
  let t: TestApp;
  let creator: User;
  let drain: () => Promise<void>;
  beforeAll(() => {
    ({ t, creator, drain } = bed);
  });

  describe("a receipt e-mail for every payment, once the money is recorded", () => {
    it("sends the buyer of a purchase its receipt: what, amount, date, card, the receipt link", async () => {
      const buyer = await makeUser(t.db, { first_name: "Ada" });
      const resource = await paidResource("Owl Unit", 800);
      const bought = await buy(buyer, resource);
      expect(bought.statusCode).toBe(200);
      expect(await mailsTo(buyer.email)).toEqual([]);
      await drain();
      const mails = await mailsTo(buyer.email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      const { saleId } = bought.json<PurchaseResponse>().sale;
      expect(mail).toContain("Subject: Lesson Loft receipt: Owl Unit");
      expect(mail).toContain("Hello Ada,");
      expect(mail).toMatch(/Amount:\s+\$8\.00/);
      expect(mail).toMatch(/Paid with:\s+Visa ending 4242/);
      expect(mail).toMatch(/Sold by:\s+Grace \(@grace_maker\)/);
      expect(mail).toMatch(/Date:\s+\w+ \d{1,2}, \d{4}/);
      expect(mail).toContain(
        `${t.config.publicUrl}/resources/${resource.name}/purchase/completed?sale=${saleId}`,
      );
      expect(mail).toContain("Lesson Loft");
      // Drained already: running the worker again sends nothing more.
      await drain();
      expect(await mailsTo(buyer.email)).toHaveLength(1);
    });

    it("sends a gift's buyer the receipt with the gift link to send", async () => {
      const buyer = await makeUser(t.db);
      const resource = await paidResource("Gift Unit", 300);
      const res = await call("POST", `/transactions/resource/purchase/gift/${buyer.ref_code}`, buyer, {
        resourceId: resource.id,
        amount: 300,
        ...TEST_CARD,
      });
      const { giftUri } = res.json<PurchaseResponse>();
      await drain();
      const [mail] = await mailsTo(buyer.email);
      expect(mail).toContain("Subject: Lesson Loft receipt: a gift of Gift Unit");
      expect(mail).toContain("whoever opens it gets the resource free");
      expect(mail).toContain(giftUri!);
      expect(mail).toMatch(/Amount:\s+\$3\.00/);
    });

    it("sends a tipper one receipt and tells each tipped creator", async () => {
      const tipper = await makeUser(t.db, { first_name: "Tom", username: "tom_tipper" });
      const other = await makeUser(t.db, { first_name: "Lin" });
      const res = await call("POST", "/transactions/tip/multiple", tipper, {
        recipientIds: [creator.id, other.id],
        amount: 500,
        tipNote: "Thank you for the unit!",
        ...TEST_CARD,
      });
      expect(res.statusCode).toBe(200);
      await drain();
      const [receipt] = await mailsTo(tipper.email);
      expect(receipt).toContain("Subject: Lesson Loft receipt: your tip to 2 creators");
      expect(receipt).toMatch(/Tip to Grace \(@grace_maker\):\s+\$5\.00/);
      expect(receipt).toMatch(/Amount:\s+\$10\.00/);
      const [note] = await mailsTo(other.email);
      expect(note).toContain("Subject: Tom (@tom_tipper) sent you a tip of $5.00");
      expect(note).toContain("Thank you for the unit!");
      expect(note).toContain(`${t.config.publicUrl}/earnings`);
      expect((await mailsTo(creator.email)).filter((m) => m.includes("sent you a tip"))).toHaveLength(1);
    });

    it("sends a donor a receipt", async () => {
      const donor = await makeUser(t.db);
      expect(
        (await call("POST", "/transactions/donate/purchase", donor, { amount: 1500, ...TEST_CARD }))
          .statusCode,
      ).toBe(200);
      await drain();
      const [mail] = await mailsTo(donor.email);
      expect(mail).toContain("Subject: Lesson Loft receipt: your donation");
      expect(mail).toMatch(/Amount:\s+\$15\.00/);
    });

    it("sends an advertiser the receipt of an ad's payment", async () => {
      const advertiser = await makeUser(t.db);
      const ad = await makeAd(t.db, { users_id: advertiser.id, title: "Science kits" });
      const res = await call("POST", `/advertisements/${ad.id}/payment`, advertiser, {
        amount: 3500,
        ...TEST_CARD,
      });
      expect(res.statusCode).toBe(200);
      await drain();
      const [mail] = await mailsTo(advertiser.email);
      expect(mail).toContain("Subject: Lesson Loft receipt: your ad Science kits");
      expect(mail).toMatch(/Runs for:\s+7 days at \$5\.00 a day/);
      expect(mail).toMatch(/Amount:\s+\$35\.00/);
    });

    it("sends a creator the receipt of featuring a resource", async () => {
      const maker = await makeUser(t.db);
      const resource = await makeResource(t.db, { users_id: maker.id, title: "Star Unit", price: 0 });
      const res = await call("POST", "/transactions/resource/feature", maker, {
        resourceId: resource.id,
        days: 3,
        amount: 600,
        ...TEST_CARD,
      });
      expect(res.statusCode).toBe(200);
      await drain();
      const [mail] = await mailsTo(maker.email);
      expect(mail).toContain("Subject: Lesson Loft receipt: featuring Star Unit");
      expect(mail).toMatch(/Featured until:\s+\w+ \d{1,2}, \d{4}/);
      expect(mail).toMatch(/Amount:\s+\$6\.00/);
    });

    it("sends nothing for a declined or failed card", async () => {
      const buyer = await makeUser(t.db);
      const resource = await paidResource("Declined Unit");
      for (const cardNumber of ["4000000000000002", "4000000000000119", "4000000000009995"]) {
        const res = await call("POST", "/transactions/resource/purchase", buyer, {
          resourceId: resource.id,
          amount: 500,
          ...TEST_CARD,
          cardNumber,
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
      await drain();
      expect(await mailsTo(buyer.email)).toEqual([]);
    });

    it("sends nothing when the record fails after the card was authorised (the receipt rolls back with it)", async () => {
      const payer = await makeUser(t.db);
      const viewer = (await loadViewer(t.db, {
        sub: payer.id,
        sid: await startSession(t.db, payer.id),
        scopes: [],
      }))!;
      const before = (await t.db.select().from(jobs).where(eq(jobs.name, RECEIPT_MAIL_JOB))).length;
      await expect(
        checkout(t.app.deps, viewer, "record-fails-0001", {
          purpose: "donation",
          amountCents: 700,
          form: TEST_CARD,
          identity: { donation: 700 },
          precheck: async () => {},
          record: async () => {
            throw new Error("the database went away");
          },
          replay: async () => null,
        }),
      ).rejects.toThrow("the database went away");
      expect((await t.db.select().from(jobs).where(eq(jobs.name, RECEIPT_MAIL_JOB))).length).toBe(before);
      await drain();
      expect(await mailsTo(payer.email)).toEqual([]);
    });

    it("sends one receipt for a payment replayed with its Idempotency-Key", async () => {
      const buyer = await makeUser(t.db);
      const resource = await paidResource("Replay Unit");
      const key = { "idempotency-key": "receipt-replay-01" };
      const first = await buy(buyer, resource, key);
      await drain();
      const second = await buy(buyer, resource, key);
      expect(second.json()).toEqual(first.json());
      const third = await call(
        "POST",
        "/transactions/donate/purchase",
        buyer,
        { amount: 500, ...TEST_CARD },
        { "idempotency-key": "receipt-replay-02" },
      );
      await call(
        "POST",
        "/transactions/donate/purchase",
        buyer,
        { amount: 500, ...TEST_CARD },
        { "idempotency-key": "receipt-replay-02" },
      );
      expect(third.statusCode).toBe(200);
      await drain();
      const mails = await mailsTo(buyer.email);
      expect(mails.filter((m) => m.includes("receipt: Replay Unit"))).toHaveLength(1);
      expect(mails.filter((m) => m.includes("receipt: your donation"))).toHaveLength(1);
    });
  });
});
