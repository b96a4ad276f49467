import { mkdtemp, rm } from "node:fs/promises";
import S3rver from "s3rver";
import { createS3Storage, type S3Location, type S3Storage } from "../platform/storage-s3.ts";

export const TEST_BUCKET = "lesson-loft-test";

export interface TestS3Server {
  endpoint: string;
  /** Where a store under `prefix` of the test bucket lives, with s3rver's fixed credentials. */
  location(prefix?: string): S3Location;
  /** An S3 storage of its own (its own client and connections, as another instance would have). */
  storage(prefix?: string): S3Storage;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver: multipart uploads, range GETs, signed requests) in this process, on a
 * port the system picks, keeping its objects in a /tmp/s3-* folder that is removed on close.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp("/tmp/s3-");
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const opened: S3Storage[] = [];
  const location = (prefix = ""): S3Location => ({
    bucket: TEST_BUCKET,
    prefix,
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  return {
    endpoint,
    location,
    storage(prefix = "") {
      const storage = createS3Storage(location(prefix));
      opened.push(storage);
      return storage;
    },
    async close() {
      for (const storage of opened) storage.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
