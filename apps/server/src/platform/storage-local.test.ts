import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { createLocalStorage, StoredTooLarge } from "./storage.ts";
import { storageContract } from "./storage-contract.ts";

storageContract("the local folder", async () => {
  const root = await mkdtemp(join(tmpdir(), "market-storage-"));
  return { storage: createLocalStorage(root), close: () => rm(root, { recursive: true, force: true }) };
});

it("leaves no partial file behind in the folder when a write is refused", async () => {
  const root = await mkdtemp(join(tmpdir(), "market-storage-"));
  try {
    const storage = createLocalStorage(root);
    const refused = storage.write("help/x/big.txt", Readable.from([Buffer.alloc(10)]), 5);
    await expect(refused).rejects.toBeInstanceOf(StoredTooLarge);
    expect(await readdir(join(root, "help/x"))).toEqual([]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
