import type { GiftDetail, LibraryResponse, PurchaseResponse, SaleDetail } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloads, jobs, resourceFiles } from "../../db/schema/index.ts";
import { jobDefinitions } from "../../jobs.registry.ts";
import { loadViewer } from "../../platform/access.ts";
import { createJobWorker } from "../../platform/jobs.ts";
import { startSession } from "../../platform/sessions.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { addPreview, makeAd, makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";
import { checkout } from "./checkout.service.ts";
import { RECEIPT_MAIL_JOB } from "./receipt-mail.job.ts";

const silent = {
  info: () => {},
  error: () => {},
  warn: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => silent,
  level: "silent",
} as unknown as import("fastify").FastifyBaseLogger;

type User = Awaited<ReturnType<typeof makeUser>>;

describe("receipts, the thank-you page's sale, gifts and My resources", () => {
  let t: TestApp;
  let creator: User;
  let drain: () => Promise<void>;

  beforeAll(async () => {
    t = await buildTestApp();
    creator = await makeUser(t.db, { first_name: "Grace", username: "grace_maker" });
    const worker = createJobWorker({ db: t.db, log: silent, definitions: jobDefinitions(t.app.deps) });
    drain = async () => {
      while (await worker.runOnce()) {}
    };
  });
  afterAll(() => t.close());

  const auths = new Map<string, { authorization: string }>();
  const authOf = async (user: User) => {
    if (!auths.has(user.id)) auths.set(user.id, await t.tokenFor(user.id));
    return auths.get(user.id)!;
  };
  const call = async (
    method: "GET" | "POST",
    url: string,
    user: User | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(user ? await authOf(user) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const mailsTo = async (email: string) => (await t.sentMail()).filter((m) => m.includes(`To: ${email}`));

  async function paidResource(title: string, price = 500) {
    const resource = await makeResource(t.db, { users_id: creator.id, title, price });
    await addPreview(t.db, resource.id, 0);
    const [file] = await t.db
      .insert(resourceFiles)
      .values({
        resource_id: resource.id,
        name: `${resource.name}-full.pdf`,
        storage_key: `files/${resource.name}.pdf`,
        content_type: "application/pdf",
        size_bytes: 1234,
        is_premium_file: true,
      })
      .returning();
    return { ...resource, fileId: file!.id };
  }
  const buy = (user: User, resource: { id: string; price: number }, headers: Record<string, string> = {}) =>
    call(
      "POST",
      "/transactions/resource/purchase",
      user,
      { resourceId: resource.id, amount: resource.price, ...TEST_CARD },
      headers,
    );

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

  describe("GET /transactions/sales/{saleId}: the thank-you page, for its buyer only", () => {
    it("gives the buyer what they bought, the amount, the date, the card, the file and where the receipt goes", async () => {
      const buyer = await makeUser(t.db);
      const resource = await paidResource("Thanks Unit", 450);
      const { saleId } = (await buy(buyer, resource)).json<PurchaseResponse>().sale;
      const res = await call("GET", `/transactions/sales/${saleId}`, buyer);
      expect(res.statusCode).toBe(200);
      const detail = res.json<SaleDetail>();
      expect(detail).toMatchObject({
        sale: { saleId, amount: 450, isGift: false },
        resource: {
          id: resource.id,
          name: resource.name,
          title: "Thanks Unit",
          creator: { username: "grace_maker", first_name: "Grace" },
        },
        paidWith: "Visa ending 4242",
        receiptEmail: buyer.email,
        file: { id: resource.fileId, name: `${resource.name}-full.pdf`, size_bytes: 1234 },
        gift: null,
      });
      expect(detail.resource.cover_locator).toMatch(/^previews\//);
      expect(Date.now() - Date.parse(detail.sale.created_at)).toBeLessThan(60_000);
    });

    it("tells anybody else, the seller and admins included, that there is no such purchase", async () => {
      const buyer = await makeUser(t.db);
      const stranger = await makeUser(t.db);
      const resource = await paidResource("Private Unit");
      const { saleId } = (await buy(buyer, resource)).json<PurchaseResponse>().sale;
      expect((await call("GET", `/transactions/sales/${saleId}`, stranger)).statusCode).toBe(404);
      expect((await call("GET", `/transactions/sales/${saleId}`, creator)).statusCode).toBe(404);
      expect((await call("GET", `/transactions/sales/${saleId}`, null)).statusCode).toBe(401);
      expect((await call("GET", "/transactions/sales/not-a-uuid", buyer)).statusCode).toBe(404);
    });
  });

  describe("gifts: one honest flow", () => {
    it("shows the link's holder who sent what; claiming makes it theirs; claiming twice is harmless; a claimed gift says so", async () => {
      const giver = await makeUser(t.db, { first_name: "Gina" });
      const recipient = await makeUser(t.db);
      const latecomer = await makeUser(t.db);
      const resource = await paidResource("Gifted Unit", 300);
      const bought = await call("POST", `/transactions/resource/purchase/gift/${giver.ref_code}`, giver, {
        resourceId: resource.id,
        amount: 300,
        ...TEST_CARD,
      });
      const { giftUri, sale } = bought.json<PurchaseResponse>();
      const code = new URL(giftUri!).searchParams.get("gift")!;

      const asBuyer = (await call("GET", `/transactions/sales/${sale.saleId}`, giver)).json<SaleDetail>();
      expect(asBuyer).toMatchObject({
        sale: { isGift: true },
        file: null,
        gift: { uri: giftUri, claimedAt: null },
      });
      expect((await call("GET", `/transactions/gifts/${code}`, giver)).json<GiftDetail>().state).toBe(
        "yours_to_send",
      );

      const seen = await call("GET", `/transactions/gifts/${code}`, recipient);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<GiftDetail>()).toMatchObject({
        resource: { title: "Gifted Unit", creator: { first_name: "Grace" } },
        from: { first_name: "Gina", username: giver.username },
        state: "open",
        file: null,
      });
      expect(JSON.stringify(seen.json())).not.toMatch(/amount|price/);

      expect((await call("POST", `/transactions/gifts/${code}/claim`, recipient)).statusCode).toBe(200);
      expect((await call("POST", `/transactions/gifts/${code}/claim`, recipient)).statusCode).toBe(200);
      expect((await call("GET", `/transactions/gifts/${code}`, recipient)).json<GiftDetail>()).toMatchObject({
        state: "claimed_by_you",
        file: { id: resource.fileId },
      });
      expect((await call("GET", `/transactions/gifts/${code}`, latecomer)).json<GiftDetail>().state).toBe(
        "claimed",
      );
      expect((await call("POST", `/transactions/gifts/${code}/claim`, latecomer)).json().error).toBe(
        "gift_already_claimed",
      );
      const claimed = (await call("GET", `/transactions/sales/${sale.saleId}`, giver)).json<SaleDetail>();
      expect(claimed.gift?.claimedAt).toBeTruthy();
      expect((await call("GET", "/transactions/gifts/NOSUCHGIFTCODE22", recipient)).statusCode).toBe(404);
      expect((await call("GET", `/transactions/gifts/${code}`, null)).statusCode).toBe(401);
    });
  });

  describe("GET /users/self/library: what the viewer owns", () => {
    it("lists purchases, claimed gifts and free downloads newest first, with how each was got", async () => {
      const teacher = await makeUser(t.db);
      const giver = await makeUser(t.db, { first_name: "Gus" });
      const bought = await paidResource("Bought Unit", 700);
      const gifted = await paidResource("Gifted Library Unit", 300);
      const free = await makeResource(t.db, { users_id: creator.id, title: "Free Unit", price: 0 });
      await t.db.insert(resourceFiles).values({
        resource_id: free.id,
        name: "free.pdf",
        storage_key: "files/free.pdf",
        content_type: "application/pdf",
        size_bytes: 99,
        is_premium_file: false,
      });
      // A free file of a paid resource: downloading it is not owning the resource.
      await t.db.insert(downloads).values({ resource_id: bought.id, users_id: teacher.id });

      const { saleId } = (await buy(teacher, bought)).json<PurchaseResponse>().sale;
      await sleep(5);
      const gift = await call("POST", `/transactions/resource/purchase/gift/${giver.ref_code}`, giver, {
        resourceId: gifted.id,
        amount: 300,
        ...TEST_CARD,
      });
      const code = new URL(gift.json<PurchaseResponse>().giftUri!).searchParams.get("gift")!;
      await call("POST", `/transactions/gifts/${code}/claim`, teacher);
      await sleep(5);
      await t.db.insert(downloads).values({ resource_id: free.id, users_id: teacher.id });

      const res = await call("GET", "/users/self/library", teacher);
      expect(res.statusCode).toBe(200);
      const library = res.json<LibraryResponse>();
      expect(library).toMatchObject({ total: 3, page: 1, pageSize: 20 });
      expect(library.items.map((i) => [i.resource.title, i.source])).toEqual([
        ["Free Unit", "free"],
        ["Gifted Library Unit", "gift"],
        ["Bought Unit", "purchase"],
      ]);
      const [freeItem, giftItem, boughtItem] = library.items;
      expect(freeItem).toMatchObject({
        saleId: null,
        amount: null,
        giftFrom: null,
        file: { name: "free.pdf" },
      });
      expect(giftItem).toMatchObject({
        saleId: null,
        amount: null,
        giftFrom: { first_name: "Gus", username: giver.username },
        file: { id: gifted.fileId },
      });
      expect(boughtItem).toMatchObject({
        saleId,
        amount: 700,
        file: { id: bought.fileId },
        resource: { available: true, creator: { username: "grace_maker" } },
      });
      expect(boughtItem!.resource.cover_locator).toMatch(/^previews\//);

      // The giver bought the gift; it is not theirs, so their library is empty.
      expect((await call("GET", "/users/self/library", giver)).json<LibraryResponse>()).toMatchObject({
        items: [],
        total: 0,
      });
      // One entry by id or name, for the resource page; null when not owned.
      const entry = await call("GET", `/users/self/library/${bought.name}`, teacher);
      expect(entry.json()).toMatchObject({ item: { source: "purchase", saleId } });
      expect((await call("GET", `/users/self/library/${bought.id}`, giver)).json()).toEqual({ item: null });
    });

    it("never shows another user's purchases, and needs a signed-in user", async () => {
      const buyer = await makeUser(t.db);
      const other = await makeUser(t.db);
      const resource = await paidResource("Someone Else's Unit");
      await buy(buyer, resource);
      expect((await call("GET", "/users/self/library", other)).json<LibraryResponse>().items).toEqual([]);
      expect((await call("GET", `/users/self/library/${resource.id}`, other)).json()).toEqual({ item: null });
      expect((await call("GET", "/users/self/library", null)).statusCode).toBe(401);
      expect((await call("GET", `/users/self/library/${resource.id}`, null)).statusCode).toBe(401);
    });

    it("pages twenty at a time, and keeps a resource its creator took down, without a download", async () => {
      const teacher = await makeUser(t.db);
      const free = [];
      for (let i = 0; i < 21; i++) {
        free.push(await makeResource(t.db, { users_id: creator.id, title: `Free ${i}`, price: 0 }));
      }
      for (const [i, resource] of free.entries()) {
        await t.db.insert(downloads).values({
          resource_id: resource.id,
          users_id: teacher.id,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        });
      }
      await t.db.execute(sql`update resources set status = 'inactive' where id = ${free[0]!.id}`);
      const first = (await call("GET", "/users/self/library", teacher)).json<LibraryResponse>();
      expect(first.total).toBe(21);
      expect(first.items).toHaveLength(20);
      expect(first.items[0]!.resource.title).toBe("Free 20");
      const second = (await call("GET", "/users/self/library?page=2", teacher)).json<LibraryResponse>();
      expect(second.items.map((i) => i.resource.title)).toEqual(["Free 0"]);
      expect(second.items[0]!.resource.available).toBe(false);
      expect(second.items[0]!.file).toBeNull();
      expect((await call("GET", "/users/self/library?page=0", teacher)).statusCode).toBe(400);
    });
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
