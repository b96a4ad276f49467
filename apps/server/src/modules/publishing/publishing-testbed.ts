import { dayInZone } from "@market/domain";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";

/**
 * The publishing tests' app and people: a creator ("maker"), a stranger and an admin, with "darn" a
 * restricted word, and the wizard's calls they make. Shared by publishing.test.ts (the wizard's steps)
 * and publishing-approval.test.ts (review and status changes); each file gets an app of its own.
 */

/** A 340-380 character description (spec 5: description 340 to 380). */
const DESCRIPTION = "Students practise adding fractions with like denominators through twenty cards. "
  .repeat(5)
  .slice(0, 360)
  .trim();

export const png = (width: number, height: number, color = "#3366cc") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

export interface PublishingTestbed {
  t: TestApp;
  creator: { authorization: string };
  creatorEmail: string;
  stranger: { authorization: string };
  admin: { authorization: string };
}

/** Builds the app before the file's tests (and closes it after); its fields are set once they run. */
export function publishingTestbed() {
  const bed = {} as PublishingTestbed;
  beforeAll(async () => {
    bed.t = await buildTestApp();
    const user = await makeUser(bed.t.db, { username: "maker" });
    bed.creatorEmail = user.email;
    bed.creator = await bed.t.authHeader("maker");
    bed.stranger = await bed.t.authHeader((await makeUser(bed.t.db)).username);
    bed.admin = await bed.t.authHeader((await makeAdmin(bed.t.db)).username);
    const res = await bed.t.app.inject({
      method: "PATCH",
      url: "/api/site-settings",
      headers: bed.admin,
      payload: { restrictedWords: [{ pattern: "darn", replacement: "gosh" }] },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => bed.t.close());

  const today = () => dayInZone(new Date(), "America/New_York");

  const call = (method: string, url: string, headers: object, payload?: object) =>
    bed.t.app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: headers as Record<string, string>,
      payload,
    });

  async function newResource(title = "Fraction Task Cards") {
    const res = await call("POST", "/resources", bed.creator, { title, type: "Activity" });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; name: string };
  }

  async function completeText(id: string) {
    const res = await call("PATCH", `/resources/${id}`, bed.creator, {
      subtitle: "Print and go",
      subject: "Math",
      description: DESCRIPTION,
      gradeLevel: "3",
      skills: "adding fractions, like denominators",
      standards: ["3.NF.A.1"],
      readingLevel: "Grade 3",
      keywords: "fractions, task cards",
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const uploadFile = (id: string, name: string, data: Buffer, premium = false, headers = bed.creator) => {
    const body = multipart({}, { name, data, type: "application/pdf" });
    return bed.t.app.inject({
      method: "POST",
      url: `/api/resources/${id}/files${premium ? "?demo=true" : ""}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  const uploadPreview = async (
    id: string,
    data: Buffer,
    fields: Record<string, string> = {},
    headers = bed.creator,
  ) => {
    const body = multipart(fields, { name: "page.png", data, type: "image/png" });
    return bed.t.app.inject({
      method: "POST",
      url: `/api/resources/${id}/previews`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  return { bed, today, call, newResource, completeText, uploadFile, uploadPreview };
}
