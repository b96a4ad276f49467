import { describe, expect, it } from "vitest";
import { buildSecondInstance } from "../../test/app.ts";
import { overlapping } from "../../test/race.ts";
import { licencesTestbed } from "./licences-testbed.ts";

/**
 * Seats given at once (issue 23: "never more holders than seats even when assignments race"). On
 * PostgreSQL the requests are held at the seats' table until all of them wait there (test/race.ts), so
 * they really meet inside the database; on PGlite they take turns on its one connection.
 */
describe("licences: assignments that race", () => {
  const { bed, user, paidResource, buyLicence, assign, seatsOf } = licencesTestbed();

  it("gives a 3-seat purchase's 2 colleague seats to exactly 2 of 6 colleagues asking at once", async () => {
    const buyer = await user();
    const { resource } = await paidResource(1000);
    const saleId = await buyLicence(buyer, resource.name, 1000, 3);
    const colleagues = await Promise.all(Array.from({ length: 6 }, () => user()));
    // A test app's pool has 5 connections: on PostgreSQL two of the six go to a second server instance
    // on the same database, so that all six wait inside it together, as behind a load balancer.
    const second = bed.t.databaseUrl ? await buildSecondInstance(bed.t) : null;
    const answers = await overlapping(bed.t.databaseUrl, "licence_seats", 6, () =>
      Promise.all(
        colleagues.map((c, i) => assign(buyer, saleId, c.username, i >= 4 ? second?.app : undefined)),
      ),
    ).finally(() => second?.close());
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error).toBe("no_free_seats");
    }
    const holders = (await seatsOf(saleId)).map((s) => s.holder_id).filter((h) => h !== null);
    expect(holders).toHaveLength(2);
    const winners = answers.filter((a) => a.status === 201).map((a) => a.body.holder.id);
    expect(new Set(holders)).toEqual(new Set(winners));
  });

  it("gives the same colleague one seat when the buyer asks twice at once", async () => {
    const buyer = await user();
    const colleague = await user();
    const { resource } = await paidResource(1000);
    const saleId = await buyLicence(buyer, resource.name, 1000, 3);
    const answers = await overlapping(bed.t.databaseUrl, "licence_seats", 2, () =>
      Promise.all([assign(buyer, saleId, colleague.username), assign(buyer, saleId, colleague.username)]),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({
      error: "already_holds_seat",
      fields: { assignee: "already_holds_seat" },
    });
    const seats = await seatsOf(saleId);
    expect(seats.map((s) => s.holder_id)).toEqual(expect.arrayContaining([colleague.id, null]));
    // The other seat is still free and fresh: the one that lost left nothing behind.
    expect(seats.filter((s) => s.holder_id === null && !s.held_before)).toHaveLength(1);
  });

  it("invites an address once when the buyer sends it twice at once", async () => {
    const buyer = await user();
    const { resource } = await paidResource(1000);
    const saleId = await buyLicence(buyer, resource.name, 1000, 3);
    const answers = await overlapping(bed.t.databaseUrl, "licence_seats", 2, () =>
      Promise.all([assign(buyer, saleId, "twice@school.test"), assign(buyer, saleId, "Twice@School.test")]),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const invited = (await seatsOf(saleId)).map((s) => s.invited_email).filter((e) => e !== null);
    expect(invited).toEqual(["twice@school.test"]);
  });
});
