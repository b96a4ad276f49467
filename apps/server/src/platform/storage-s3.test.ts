import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../test/s3-server.ts";
import { StoredTooLarge } from "./storage.ts";
import { storageContract } from "./storage-contract.ts";
import { createS3Client, createS3Storage } from "./storage-s3.ts";

const MiB = 1024 * 1024;

storageContract("an S3-protocol server", async () => {
  const server = await startS3Server();
  return { storage: server.storage("contract"), close: () => server.close() };
});

describe("the S3 storage's own edges", () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());

  it("keeps every key under its prefix, so two sites can share a bucket", async () => {
    const one = server.storage("site-one/files");
    const two = server.storage("site-two");
    await one.put("previews/r1/a.webp", Buffer.from("one"));
    await two.put("previews/r1/a.webp", Buffer.from("two!"));
    const listed = async (storage: typeof one) => {
      const found: { key: string; size: number }[] = [];
      for await (const entry of storage.list()) found.push(entry);
      return found;
    };
    expect(await listed(one)).toEqual([{ key: "previews/r1/a.webp", size: 3 }]);
    expect(await listed(two)).toEqual([{ key: "previews/r1/a.webp", size: 4 }]);
  });

  it("sends a large file up in parts, and aborts the parts of one refused past its limit", async () => {
    const client = createS3Client(server.location());
    const sent: string[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        sent.push(context.commandName!.replace(/Command$/, ""));
        return next(args);
      },
      { step: "initialize" },
    );
    const storage = createS3Storage(server.location("parts"), client);
    try {
      const chunks = (n: number) => Readable.from(Array.from({ length: n }, () => Buffer.alloc(MiB, 1)));
      expect(await storage.write("help/x/large.bin", chunks(17), 20 * MiB)).toEqual({ size: 17 * MiB });
      expect(sent).toEqual([
        "CreateMultipartUpload",
        "UploadPart",
        "UploadPart",
        "UploadPart",
        "CompleteMultipartUpload",
      ]);
      sent.length = 0;
      await expect(storage.write("help/x/refused.bin", chunks(20), 17 * MiB)).rejects.toBeInstanceOf(
        StoredTooLarge,
      );
      expect(sent[0]).toBe("CreateMultipartUpload");
      expect(sent.at(-1)).toBe("AbortMultipartUpload");
      expect(sent).not.toContain("CompleteMultipartUpload");
      // A small file is one plain PUT.
      sent.length = 0;
      await storage.write("help/x/small.txt", Readable.from([Buffer.from("small")]), 10);
      expect(sent).toEqual(["PutObject"]);
    } finally {
      storage.close();
    }
  });

  it("fails its readiness check, naming the bucket, when the bucket is not there", async () => {
    const missing = createS3Storage({ ...server.location(), bucket: "no-such-bucket" });
    try {
      await expect(missing.check()).rejects.toThrow(/"no-such-bucket" is not reachable: HTTP 404/);
      await expect(missing.write("help/x/a.txt", Readable.from([Buffer.from("a")]), 10)).rejects.toThrow();
    } finally {
      missing.close();
    }
  });
});
