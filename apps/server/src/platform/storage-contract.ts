import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Storage, StoredTooLarge } from "./storage.ts";
import { readWholeUpload } from "./uploads.ts";

const MiB = 1024 * 1024;

async function text(found: { stream: Readable } | null): Promise<string | null> {
  return found ? (await readWholeUpload(found.stream, 64 * MiB)).toString("utf8") : null;
}

/** `total` bytes of a repeating pattern, in 64 KiB chunks, as an upload arrives: never whole in memory. */
function patterned(total: number, failAt?: number): Readable {
  const chunk = Buffer.alloc(64 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = i % 251;
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += chunk.length) {
        if (failAt !== undefined && sent >= failAt) throw new Error("connection reset");
        yield chunk.subarray(0, Math.min(chunk.length, total - sent));
      }
    })(),
  );
}

/** The byte at `offset` of `patterned`. */
const patternAt = (offset: number) => (offset % (64 * 1024)) % 251;

/**
 * What every Storage must do, run on the local folder (storage-local.test.ts) and on an S3-protocol
 * server (storage-s3.test.ts), so the app cannot tell them apart.
 */
export function storageContract(
  name: string,
  open: () => Promise<{ storage: Storage; close(): Promise<void> }>,
) {
  describe(`${name}: the Storage contract`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    const key = (path: string) => `help/${randomBytes(4).toString("hex")}/${path}`;

    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(() => close());

    it("answers its readiness check", async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it("keeps what is put, under nested folders, apart from its neighbours, and replaces it when put again", async () => {
      const deep = key("a/b/c.txt");
      const beside = deep.replace("a/b/c.txt", "a/b.txt");
      await storage.put(deep, Buffer.from("deep"));
      await storage.put(beside, Buffer.from("beside"));
      expect(await text(await storage.read(deep))).toBe("deep");
      expect(await text(await storage.read(beside))).toBe("beside");
      expect((await storage.read(deep))?.size).toBe(4);
      await storage.put(deep, Buffer.from("deeper"));
      expect(await text(await storage.read(deep))).toBe("deeper");
    });

    it("reads a missing or malformed key as null, and deletes (twice) without complaint", async () => {
      const k = key("gone.txt");
      expect(await storage.read(k)).toBeNull();
      expect(await storage.read("../etc/passwd")).toBeNull();
      await storage.put(k, Buffer.from("here"));
      await storage.delete(k);
      await storage.delete(k);
      expect(await storage.read(k)).toBeNull();
      await expect(storage.put("../escape.txt", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
    });

    it("reads byte ranges, inclusive, with the whole file's size", async () => {
      const k = key("range.txt");
      await storage.put(k, Buffer.from("0123456789"));
      const part = await storage.read(k, { start: 2, end: 5 });
      expect(part?.size).toBe(10);
      expect(await text(part)).toBe("2345");
      expect(await text(await storage.read(k, { start: 9, end: 9 }))).toBe("9");
      expect(await text(await storage.read(k, { start: 0, end: 9 }))).toBe("0123456789");
    });

    it("streams a write within its limit and says its size", async () => {
      const k = key("streamed.txt");
      const { size } = await storage.write(
        k,
        Readable.from([Buffer.from("hello "), Buffer.from("world")]),
        11,
      );
      expect(size).toBe(11);
      expect(await text(await storage.read(k))).toBe("hello world");
    });

    it("refuses a write past its limit with StoredTooLarge and keeps nothing", async () => {
      const k = key("big.txt");
      const refused = storage.write(k, Readable.from([Buffer.from("12345"), Buffer.from("678")]), 7);
      await expect(refused).rejects.toBeInstanceOf(StoredTooLarge);
      expect(await storage.read(k)).toBeNull();
    });

    it("keeps nothing of a write whose upload breaks off", async () => {
      const k = key("broken.bin");
      await expect(storage.write(k, patterned(MiB, 256 * 1024), 2 * MiB)).rejects.toThrow("connection reset");
      expect(await storage.read(k)).toBeNull();
    });

    it("streams a file of several upload parts and reads it back whole and by range", async () => {
      const k = key("large.bin");
      const total = 20 * MiB + 12_345;
      expect(await storage.write(k, patterned(total), 25 * MiB)).toEqual({ size: total });
      const whole = await storage.read(k);
      const bytes = await readWholeUpload(whole!.stream, 32 * MiB);
      expect(bytes.length).toBe(total);
      for (const offset of [0, 8 * MiB - 1, 8 * MiB, 16 * MiB + 7, total - 1]) {
        expect(bytes[offset], `byte ${offset}`).toBe(patternAt(offset));
      }
      const tail = await storage.read(k, { start: total - 3, end: total - 1 });
      expect(tail?.size).toBe(total);
      const tailBytes = await readWholeUpload(tail!.stream, 16);
      expect([...tailBytes]).toEqual([total - 3, total - 2, total - 1].map(patternAt));
    });

    it("refuses a large write once parts of it have been stored, and keeps nothing", async () => {
      const k = key("too-large.bin");
      await expect(storage.write(k, patterned(20 * MiB), 17 * MiB)).rejects.toBeInstanceOf(StoredTooLarge);
      expect(await storage.read(k)).toBeNull();
    });
  });
}
