import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { parseStorageUrl } from "./storage-url.ts";

describe("STORAGE_URL", () => {
  it("keeps files local when unset", () => {
    expect(parseStorageUrl(undefined)).toEqual({ kind: "local" });
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/x", JWT_SECRET: "s".repeat(32) }).storage).toEqual({
      kind: "local",
    });
  });

  it("reads the bucket, the folder, the endpoint, the region and the credentials", () => {
    expect(
      parseStorageUrl(
        "s3://AK%2B1:se%2Fcret@lesson-loft/sites/main/?endpoint=http://127.0.0.1:9000/&region=eu-west-1",
      ),
    ).toEqual({
      kind: "s3",
      location: {
        bucket: "lesson-loft",
        prefix: "sites/main",
        endpoint: "http://127.0.0.1:9000",
        region: "eu-west-1",
        credentials: { accessKeyId: "AK+1", secretAccessKey: "se/cret" },
      },
    });
    // AWS itself: no endpoint, the region from AWS_REGION, credentials from the SDK's own chain.
    expect(parseStorageUrl("s3://my.files", { region: "ap-south-1" })).toEqual({
      kind: "s3",
      location: { bucket: "my.files", prefix: "", region: "ap-south-1" },
    });
    expect(parseStorageUrl("s3://bucket-1/x")).toMatchObject({ location: { region: "us-east-1" } });
  });

  it.each([
    ["https://bucket/x", "must start with s3://"],
    ["s3://Bucket", "bucket name"],
    ["s3://ab", "bucket name"],
    ["s3://bucket/a%2F..", "folder after the bucket"],
    ["s3://bucket/a b", "folder after the bucket"],
    ["s3://bucket?endpont=http://x", 'unknown parameter "endpont"'],
    ["s3://bucket?endpoint=ftp://x", "endpoint must be"],
    ["s3://bucket?endpoint=http://x/path", "endpoint must be"],
    ["s3://bucket?region=Mars 1", "region must be"],
    ["s3://key@bucket", "both the access key and the secret"],
    ["s3://key:%zz@bucket", "malformed %-escape"],
  ])("refuses %s at boot, saying what is wrong (%s) and not the secret", (url, reason) => {
    const load = () =>
      loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/x", JWT_SECRET: "s".repeat(32), STORAGE_URL: url });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`STORAGE_URL: `);
    expect(load).toThrow(reason);
    try {
      load();
    } catch (error) {
      expect((error as Error).message).not.toContain("%zz");
    }
  });
});
