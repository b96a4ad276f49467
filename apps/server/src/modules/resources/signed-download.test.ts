import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloads, resourceFiles, resources } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { startS3Server, type TestS3Server } from "../../test/s3-server.ts";

/**
 * STORAGE_SIGNED_URLS (issue 24): an allowed download is a redirect to a link into the bucket valid for 60
 * seconds, so the bytes do not pass through the app; the access checks answer exactly as before.
 */
describe("downloads as signed links into the bucket", () => {
  let s3: TestS3Server;
  let t: TestApp;
  let creator: { authorization: string };
  let stranger: { authorization: string };
  let resourceId: string;
  let premiumId: string;
  const full = Buffer.from("%PDF-1.4 the full version");

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp({ storageSignedUrls: true }, { storage: s3.storage("signed") });
    creator = await t.tokenFor((await makeUser(t.db)).id);
    stranger = await t.tokenFor((await makeUser(t.db)).id);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/resources",
      headers: creator,
      payload: { title: "Signed Links" },
    });
    resourceId = created.json().id;
    const body = multipart({}, { name: "full version.pdf", data: full, type: "application/pdf" });
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/resources/${resourceId}/files?demo=true`,
      headers: { ...creator, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    premiumId = uploaded.json().file.id;
    // Published, as an admin's approval would leave it.
    await t.db
      .update(resources)
      .set({ approval_status: "approved", status: "active", upload_status: 2, published_at: new Date() })
      .where(eq(resources.id, resourceId));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const download = (headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: `/api/resources/${resourceId}/files/${premiumId}/download`, headers });

  it("redirects the owner to a one-minute link that answers the file as the app would, and counts it", async () => {
    const res = await download(creator);
    expect(res.statusCode).toBe(302);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const link = new URL(res.headers.location as string);
    expect(link.origin).toBe(s3.endpoint);
    expect(link.searchParams.get("X-Amz-Expires")).toBe("60");
    const fetched = await fetch(link);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-disposition")).toContain("filename*=UTF-8''full%20version.pdf");
    expect(fetched.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await fetched.arrayBuffer()).equals(full)).toBe(true);
    expect(await t.db.select().from(downloads).where(eq(downloads.resource_id, resourceId))).toHaveLength(1);
  });

  it("gives no link to those the file is not for", async () => {
    const refused = await download(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.location).toBeUndefined();
    expect((await download({})).statusCode).toBe(401);
  });

  it("makes links the bucket refuses once their time is up", async () => {
    const [file] = await t.db.select().from(resourceFiles).where(eq(resourceFiles.id, premiumId));
    const link = await t.app.deps.storage.signedDownloadUrl!(file!.storage_key, file!, 3);
    expect((await fetch(link)).status).toBe(200);
    const deadline = Date.now() + 15_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await fetch(link)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(403);
  });
});
