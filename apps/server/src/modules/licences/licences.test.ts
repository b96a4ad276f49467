import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenceSeats, users } from "../../db/schema/index.ts";
import { makeAdmin } from "../../test/factories.ts";
import { licencesTestbed, type User } from "./licences-testbed.ts";

/**
 * Licences for colleagues (issue 23), through the real API: purchases of several seats bought through the
 * checkout, seats given by username or e-mail, held seats as ownership (download, page, review, library),
 * invitations turned into seats on sign-up, the once-a-month move, and every refusal.
 */
describe("licences: giving seats to colleagues", () => {
  const { bed, call, user, paidResource, buyLicence, assign, seatsOf } = licencesTestbed();
  const DAY_MS = 86_400_000;
  const page = (who: User, name: string) => call(who, "GET", `/resources/${name}`);
  const free = (buyer: User, seatId: string) => call(buyer, "DELETE", `/licences/seats/${seatId}`);
  const publicOf = (u: User) => ({
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    avatar_locator: u.avatar_locator,
  });

  it("makes a holder a buyer: download, page, review, library; a freed holder loses them", async () => {
    const buyer = await user();
    const holder = await user();
    const { resource, downloadUrl } = await paidResource(1000);
    const saleId = await buyLicence(buyer, resource.name, 1000, 3);
    expect((await call(holder, "GET", downloadUrl)).status).toBe(403);
    expect((await page(holder, resource.name)).body).toMatchObject({ isOwned: false, licensedBy: null });

    // The username in another case names the same colleague.
    const given = await assign(buyer, saleId, holder.username.toUpperCase());
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ holder: publicOf(holder), invitedEmail: null, movableFrom: null });
    // At once on the holder's next page: the viewer's flags are never shared or kept.
    expect((await page(holder, resource.name)).body).toMatchObject({
      isOwned: true,
      licensedBy: publicOf(buyer),
    });
    // Reviewing "as a buyer" before any download: the seat alone makes them one.
    const review = await call(holder, "POST", `/resources/${resource.name}/reviews`, { rating: 5 });
    expect(review.status).toBe(201);
    const download = await bed.t.app.inject({
      method: "GET",
      url: `/api${downloadUrl}`,
      headers: await bed.t.tokenFor(holder.id),
    });
    expect([download.statusCode, download.body]).toEqual([200, "%PDF-1.4 premium"]);
    const library = await call(holder, "GET", "/users/self/library");
    expect(library.body.items).toEqual([
      expect.objectContaining({
        resource: expect.objectContaining({ id: resource.id }),
        source: "purchase",
        saleId: null,
        amount: null,
        licensedBy: publicOf(buyer),
      }),
    ]);
    const mine = await call(holder, "GET", "/licences/self");
    expect(mine.body).toMatchObject({
      bought: [],
      held: [{ seatId: given.body.id, resource: { id: resource.id }, licensedBy: publicOf(buyer) }],
    });
    const bought = (await call(buyer, "GET", "/licences/self")).body.bought;
    expect(bought).toEqual([
      expect.objectContaining({
        purchaseId: saleId,
        seats: 3,
        seatsUsed: 2,
        seatsFree: 1,
        seatPriceCents: 500,
        colleagues: [expect.objectContaining({ id: given.body.id, holder: publicOf(holder) })],
        nextMoveAt: null,
      }),
    ]);
    // The holder's mail: who gave what, with the resource's page.
    await bed.drain();
    const mail = (await bed.t.sentMail()).find((m) => m.includes(`To: ${holder.email}`))!;
    expect(mail).toContain(`gave you a seat of ${resource.title}`);
    expect(mail).toContain(`/resources/${resource.name}`);

    expect(await free(buyer, given.body.id)).toMatchObject({ status: 200, body: { freed: true } });
    expect((await call(holder, "GET", downloadUrl)).status).toBe(403);
    expect((await page(holder, resource.name)).body).toMatchObject({ isOwned: false, licensedBy: null });
    expect((await call(holder, "GET", "/users/self/library")).body.items).toEqual([]);
    expect((await call(holder, "GET", "/licences/self")).body.held).toEqual([]);
  });

  it("invites an unknown address, mails it the sign-up link, and makes the seat the new account's", async () => {
    const buyer = await user();
    const { resource } = await paidResource(1000);
    const saleId = await buyLicence(buyer, resource.name, 1000, 3);
    const invited = await assign(buyer, saleId, " Nia.Colleague@School.test ");
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ holder: null, invitedEmail: "nia.colleague@school.test" });
    await bed.drain();
    const mail = (await bed.t.sentMail()).find((m) => m.includes("To: nia.colleague@school.test"))!;
    expect(mail).toContain(`gave you a seat of ${resource.title}`);
    expect(mail).toContain(
      `${bed.t.config.publicUrl}/sign-up?email=nia.colleague%40school.test&next=%2Fprofile%2Flicences`,
    );

    const signUp = await bed.t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      remoteAddress: "10.0.23.1",
      payload: {
        email: "NIA.colleague@school.TEST",
        firstName: "Nia",
        lastName: "Colleague",
        username: "nia_colleague",
        password: "engines1843",
      },
    });
    expect(signUp.statusCode).toBe(200);
    const [nia] = await bed.t.db.select().from(users).where(eq(users.username, "nia_colleague"));
    const held = await call(nia!, "GET", "/licences/self");
    expect(held.body.held).toEqual([
      expect.objectContaining({ seatId: invited.body.id, licensedBy: publicOf(buyer) }),
    ]);
    expect((await page(nia!, resource.name)).body).toMatchObject({ isOwned: true });
    const colleagues = (await call(buyer, "GET", "/licences/self")).body.bought[0].colleagues;
    expect(colleagues).toEqual([
      expect.objectContaining({ id: invited.body.id, holder: publicOf(nia!), invitedEmail: null }),
    ]);
  });

  it("moves a seat once every 30 days; a withdrawn invitation costs no move", async () => {
    const buyer = await user();
    const [a, b, c, d] = await Promise.all([user(), user(), user(), user()]);
    const { resource } = await paidResource(1000);
    const saleId = await buyLicence(buyer, resource.name, 1000, 3);
    const first = await assign(buyer, saleId, a!.username);
    expect((await assign(buyer, saleId, b!.username)).status).toBe(201);
    expect((await assign(buyer, saleId, c!.username)).body.error).toBe("no_free_seats");

    // A's seat, freed, goes to an invitation first; withdrawn, then to C: the first move, allowed.
    await free(buyer, first.body.id);
    const invite = await assign(buyer, saleId, "not.yet@school.test");
    expect([invite.status, invite.body.id]).toEqual([201, first.body.id]);
    await free(buyer, invite.body.id);
    const moved = await assign(buyer, saleId, c!.username);
    expect([moved.status, moved.body.id]).toEqual([201, first.body.id]);
    expect(Date.parse(moved.body.movableFrom)).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    // Freed again within 30 days: it may not move yet, and the answer says when it may.
    await free(buyer, moved.body.id);
    const early = await assign(buyer, saleId, d!.username);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("seat_move_too_soon");
    expect(early.body.message).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(Date.parse(early.body.earliestRetry)).toBe(Date.parse(moved.body.movableFrom));
    const listed = (await call(buyer, "GET", "/licences/self")).body.bought[0];
    expect(listed).toMatchObject({ seatsUsed: 2, seatsFree: 1, nextMoveAt: moved.body.movableFrom });

    // 31 days later it may.
    await bed.t.db
      .update(licenceSeats)
      .set({ moved_at: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(licenceSeats.id, moved.body.id));
    expect((await assign(buyer, saleId, d!.username)).status).toBe(201);
  });

  it("refuses what cannot be given, naming the field, and changes nothing", async () => {
    const buyer = await user();
    const other = await user();
    const gone = await user();
    await bed.t.db.update(users).set({ is_deactivated: true }).where(eq(users.id, gone.id));
    const { resource } = await paidResource(1000);
    const saleId = await buyLicence(buyer, resource.name, 1000, 3);
    const single = await paidResource(700);
    const oneSeat = await buyLicence(buyer, single.resource.name, 700, 1);
    const cases: [string, string, unknown, number, string, string?][] = [
      ["another's purchase", `/licences/${saleId}/seats`, { assignee: other.username }, 404, "not_found"],
      ["not a uuid", "/licences/12345/seats", { assignee: other.username }, 400, "validation_failed"],
      ["empty", `/licences/${saleId}/seats`, { assignee: "" }, 400, "validation_failed", "assignee"],
      ["blank", `/licences/${saleId}/seats`, { assignee: "   " }, 400, "validation_failed", "assignee"],
      [
        "too long",
        `/licences/${saleId}/seats`,
        { assignee: "a".repeat(300) },
        400,
        "validation_failed",
        "assignee",
      ],
      [
        "a NUL",
        `/licences/${saleId}/seats`,
        { assignee: "nu\u0000ll" },
        400,
        "validation_failed",
        "assignee",
      ],
      ["not an address", `/licences/${saleId}/seats`, { assignee: "x@y" }, 400, "invalid_email", "assignee"],
      [
        "unknown",
        `/licences/${saleId}/seats`,
        { assignee: "nobody_here" },
        404,
        "user_not_found",
        "assignee",
      ],
      [
        "deactivated",
        `/licences/${saleId}/seats`,
        { assignee: gone.username },
        404,
        "user_not_found",
        "assignee",
      ],
      ["deactivated's address", `/licences/${saleId}/seats`, { assignee: gone.email }, 404, "user_not_found"],
      [
        "self",
        `/licences/${saleId}/seats`,
        { assignee: buyer.username },
        409,
        "cannot_assign_self",
        "assignee",
      ],
      [
        "own address",
        `/licences/${saleId}/seats`,
        { assignee: buyer.email.toUpperCase() },
        409,
        "cannot_assign_self",
      ],
      [
        "creator",
        `/licences/${saleId}/seats`,
        { assignee: bed.creator.username },
        409,
        "cannot_assign_creator",
      ],
      ["one seat", `/licences/${oneSeat}/seats`, { assignee: other.username }, 404, "not_found"],
      [
        "unknown field",
        `/licences/${saleId}/seats`,
        { assignee: other.username, seat: 1 },
        400,
        "validation_failed",
      ],
    ];
    for (const [label, url, body, status, error, field] of cases) {
      const who = label === "another's purchase" ? other : buyer;
      const res = await call(who, "POST", url, body);
      expect([label, res.status, res.body.error]).toEqual([label, status, error]);
      if (field) expect([label, res.body.fields?.[field]]).toEqual([label, expect.any(String)]);
    }
    expect((await seatsOf(saleId)).every((s) => s.holder_id === null && s.invited_email === null)).toBe(true);

    // Already holding, and freeing somebody else's seat or a seat that is no seat.
    const given = await assign(buyer, saleId, other.email);
    expect(given.body.holder).toMatchObject({ id: other.id });
    expect((await assign(buyer, saleId, other.username)).body.error).toBe("already_holds_seat");
    const stranger = await user();
    expect((await free(stranger, given.body.id)).status).toBe(404);
    expect((await free(other, given.body.id)).status).toBe(404);
    expect((await free(buyer, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await free(buyer, "not-a-seat")).status).toBe(400);
    expect((await seatsOf(saleId)).filter((s) => s.holder_id === other.id)).toHaveLength(1);
    expect((await call(null, "GET", "/licences/self")).status).toBe(401);
  });

  it("gives no seat of a refunded purchase", async () => {
    const buyer = await user();
    const colleague = await user();
    const { resource } = await paidResource(1000);
    const saleId = await buyLicence(buyer, resource.name, 1000, 3);
    // Refunded whole by an admin (no colleague held a seat): its seats go with it.
    const refunded = await bed.t.app.inject({
      method: "POST",
      url: `/api/admin/transactions/${saleId}/refund`,
      headers: await bed.t.tokenFor((await makeAdmin(bed.t.db)).id, ["user", "admin"]),
      payload: { reason: "Bought for the wrong school, sorry." },
    });
    expect(refunded.statusCode).toBe(201);
    const res = await assign(buyer, saleId, colleague.username);
    expect([res.status, res.body.error]).toEqual([409, "already_refunded"]);
    expect((await call(buyer, "GET", "/licences/self")).body.bought).toEqual([]);
  });

  it("makes a holder of a bundle's seat the owner of each resource in it", async () => {
    const buyer = await user();
    const holder = await user();
    const admin = await makeAdmin(bed.t.db);
    const frog = await paidResource(800);
    const owl = await paidResource(500);
    const made = await call(bed.creator, "POST", "/bundles", {
      title: "Pond and owls",
      description: "A set of units for the whole term, together.",
      resourceIds: [frog.resource.id, owl.resource.id],
      price: 1000,
    });
    expect(made.status).toBe(201);
    const approve = await bed.t.app.inject({
      method: "POST",
      url: `/api/admin/resources/${made.body.id}/approve`,
      headers: await bed.t.tokenFor(admin.id, ["user", "admin"]),
    });
    expect(approve.statusCode).toBe(200);
    const saleId = await buyLicence(buyer, made.body.name, 1000, 2);
    expect((await assign(buyer, saleId, holder.username)).status).toBe(201);
    expect((await call(holder, "GET", frog.downloadUrl)).status).toBe(200);
    expect((await page(holder, owl.resource.name)).body).toMatchObject({
      isOwned: true,
      licensedBy: publicOf(buyer),
    });
    const library = (await call(holder, "GET", "/users/self/library")).body.items as {
      resource: { id: string };
      source: string;
      licensedBy: unknown;
    }[];
    expect(Object.fromEntries(library.map((i) => [i.resource.id, [i.source, i.licensedBy]]))).toEqual({
      [made.body.id]: ["purchase", publicOf(buyer)],
      [frog.resource.id]: ["bundle", publicOf(buyer)],
      [owl.resource.id]: ["bundle", publicOf(buyer)],
    });
  });
});
