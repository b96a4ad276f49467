import type { GiftDetail, LibraryResponse, PurchaseResponse, SaleDetail } from "@market/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { downloads, resourceFiles } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/app.ts";
import { makeResource, makeUser, TEST_CARD } from "../../test/factories.ts";
import { receiptsTestbed, type User } from "./receipts-testbed.ts";

describe("the thank-you page's sale, gifts and My resources", () => {
  const { bed, call, paidResource, buy } = receiptsTestbed();
  let t: TestApp;
  let creator: User;
  beforeAll(() => {
    ({ t, creator } = bed);
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
