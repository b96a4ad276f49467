import { existsSync } from "node:fs";
import { join } from "node:path";
import { HELP_LIMITS, type HelpEntry } from "@market/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { sniffVideoContainer } from "./video-container.ts";

/** An MP4's first box: size 24, "ftyp", major brand isom, version, compatible brands. */
const mp4Head = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2"),
  ]);
/** A WebM's EBML header: version 1, read version 1, max id 4, max size 8, doc type "webm". */
const webmHead = () =>
  Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
    0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04,
  ]);

describe("video containers are judged by their first bytes", () => {
  it.each([
    ["an MP4 ftyp box", mp4Head(), "mp4"],
    ["a WebM EBML header", webmHead(), "webm"],
    [
      "QuickTime",
      Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from("ftypqt  "), Buffer.alloc(8)]),
      null,
    ],
    ["Matroska", Buffer.from(webmHead().toString("latin1").replace("webm", "mkvx"), "latin1"), null],
    ["a PNG", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), null],
    ["text named .mp4", Buffer.from("this is not a video at all"), null],
    ["nothing", Buffer.alloc(0), null],
  ])("%s is %s", (_what, bytes, container) => expect(sniffVideoContainer(bytes)).toBe(container));
});

describe("PUT /help/{id}/media", () => {
  let t: TestApp;
  let admin: { authorization: string };
  let png: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.authHeader((await makeAdmin(t.db)).username);
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const entry = async (type: string, short_title: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/api/help",
        headers: admin,
        payload: { type, short_title },
      })
    ).json<{ item: HelpEntry }>().item;
  const put = (id: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, file);
    return t.app.inject({
      method: "PUT",
      url: `/api/help/${id}/media`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = (key: string | null) => Boolean(key) && existsSync(join(t.config.dataDir, "files", key!));

  it("stores a content-checked image re-encoded, replaces it, and deletes it with the flag", async () => {
    const image = await entry("image", "Media image");
    const first = await put(
      image.id,
      {},
      { field: "image", name: "rubric.png", type: "image/png", data: png },
    );
    expect(first.statusCode, first.body).toBe(200);
    const item = first.json<{ item: HelpEntry }>().item;
    expect(item).toMatchObject({ image_name: "rubric.png" });
    expect(item.image_locator).toMatch(/^help\/.+\.webp$/);
    expect(stored(item.image_locator)).toBe(true);
    const served = await t.app.inject({ url: `/api/files/${item.image_locator}` });
    expect(served.headers["content-type"]).toBe("image/webp");

    const second = (await put(image.id, {}, { field: "image", name: "b.png", data: png })).json().item;
    expect(second.image_locator).not.toBe(item.image_locator);
    expect(stored(item.image_locator)).toBe(false);

    const removed = (await put(image.id, { delete_image: "true" })).json().item;
    expect(removed).toMatchObject({ image_locator: null, image_name: null, image_size_bytes: null });
    expect(stored(second.image_locator)).toBe(false);
  });

  it("refuses what is not an image, or too large, by content, keeping the old image", async () => {
    const image = await entry("image", "Checked image");
    const kept = (await put(image.id, {}, { field: "image", name: "ok.png", data: png })).json().item;
    const fake = await put(
      image.id,
      {},
      { field: "image", name: "evil.png", type: "image/png", data: mp4Head() },
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ error: "unsupported_type", fields: { image: "unsupported_type" } });
    const big = Buffer.concat([png, Buffer.alloc(HELP_LIMITS.imageMaxBytes)]);
    const tooLarge = await put(image.id, {}, { field: "image", name: "big.png", data: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().fields).toEqual({ image: "too_large" });
    const after = (await t.app.inject({ url: `/api/help/${image.id}` })).json();
    expect(after.image_locator).toBe(kept.image_locator);
    expect(stored(kept.image_locator)).toBe(true);
  });

  it("stores an MP4 or WebM video on a video entry, served with its type, and deletes it with the flag", async () => {
    const video = await entry("video", "Media video");
    const mp4 = Buffer.concat([mp4Head(), Buffer.alloc(5000, 7)]);
    const res = await put(video.id, {}, { field: "video", name: "intro.mp4", type: "video/mp4", data: mp4 });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().item as HelpEntry;
    expect(item).toMatchObject({ video_name: "intro.mp4", video_size_bytes: mp4.length });
    expect(item.video_locator).toMatch(/^help\/.+\.mp4$/);
    const served = await t.app.inject({ url: `/api/files/${item.video_locator}` });
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(served.rawPayload.equals(mp4)).toBe(true);

    const webm = Buffer.concat([webmHead(), Buffer.alloc(300, 1)]);
    const replaced = (await put(video.id, {}, { field: "video", name: "intro.webm", data: webm })).json()
      .item;
    expect(replaced.video_locator).toMatch(/\.webm$/);
    expect(stored(item.video_locator)).toBe(false);

    const removed = (await put(video.id, { "delete-video": "true" })).json().item;
    expect(removed).toMatchObject({ video_locator: null, video_name: null, video_size_bytes: null });
    expect(stored(replaced.video_locator)).toBe(false);
  });

  it("refuses a video that is not one, one too large, and a video on an entry that is not a video", async () => {
    const video = await entry("video", "Checked video");
    const renamed = await put(video.id, {}, { field: "video", name: "a.mp4", type: "video/mp4", data: png });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().fields).toEqual({ video: "unsupported_type" });

    const huge = Buffer.concat([mp4Head(), Buffer.alloc(HELP_LIMITS.videoMaxBytes)]);
    const tooLarge = await put(video.id, {}, { field: "video", name: "huge.mp4", data: huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().fields).toEqual({ video: "too_large" });

    const article = await entry("article", "Not a video");
    const wrong = await put(article.id, {}, { field: "video", name: "a.mp4", data: mp4Head() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ video: "not_a_video_entry" });
    const after = (await t.app.inject({ url: `/api/help/${video.id}` })).json();
    expect(after.video_locator).toBeNull();
  });

  it("refuses a call with nothing to do, a non-multipart body and an unknown entry", async () => {
    const image = await entry("image", "Idle image");
    expect((await put(image.id, {})).json()).toMatchObject({ error: "validation_failed" });
    const json = await t.app.inject({
      method: "PUT",
      url: `/api/help/${image.id}/media`,
      headers: admin,
      payload: { image: "x" },
    });
    expect(json.statusCode).toBe(400);
    const unknown = await put("no-such-entry", {}, { field: "image", name: "a.png", data: png });
    expect(unknown.statusCode).toBe(404);
  });

  it("removes an entry's stored media when the entry is deleted or its update sets a delete flag", async () => {
    const image = await entry("image", "Gone with it");
    const item = (await put(image.id, {}, { field: "image", name: "a.png", data: png })).json().item;
    const flagged = await t.app.inject({
      method: "PUT",
      url: `/api/help/${image.id}`,
      headers: admin,
      payload: { delete_image: true },
    });
    expect(flagged.json().item.image_locator).toBeNull();
    expect(stored(item.image_locator)).toBe(false);
    const again = (await put(image.id, {}, { field: "image", name: "b.png", data: png })).json().item;
    await t.app.inject({ method: "DELETE", url: `/api/help/${image.id}`, headers: admin });
    expect(stored(again.image_locator)).toBe(false);
  });
});
