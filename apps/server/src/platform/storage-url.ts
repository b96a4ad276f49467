import { join } from "node:path";
import { createLocalStorage, type Storage } from "./storage.ts";
import type { S3Location } from "./storage-s3.ts";

/** Where files live: the data folder's files/ (the default), or an S3-compatible bucket. */
export type StorageChoice = { kind: "local" } | { kind: "s3"; location: S3Location };

/** A STORAGE_URL that cannot be used; the message says why without repeating the URL (it may hold a secret). */
export class StorageUrlError extends Error {}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const REGION = /^[a-z0-9-]{2,40}$/;
const PARAMS = new Set(["endpoint", "region"]);

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new StorageUrlError("has a malformed %-escape (encode / as %2F and + as %2B in a secret)");
  }
}

/**
 * STORAGE_URL, e.g. `s3://bucket/prefix?endpoint=https://minio.example:9000&region=eu-west-1`, with the
 * access key and secret as the URL's user and password (percent-encoded) or, without them, from
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or any other source the AWS SDK reads). Unset: the local
 * folder. The region defaults to AWS_REGION, then us-east-1 (what MinIO and s3rver expect; R2 takes "auto").
 */
export function parseStorageUrl(
  value: string | undefined,
  defaults: { region?: string } = {},
): StorageChoice {
  if (!value) return { kind: "local" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageUrlError("must be a URL like s3://bucket/prefix?endpoint=...&region=...");
  }
  if (url.protocol !== "s3:") throw new StorageUrlError("must start with s3:// (unset, files stay local)");
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) {
    throw new StorageUrlError("the bucket name must be 3-63 lowercase letters, digits, dots or hyphens");
  }
  const prefix = decode(url.pathname).replace(/^\/+|\/+$/g, "");
  if (prefix && (!PREFIX.test(prefix) || prefix.split("/").includes(".."))) {
    throw new StorageUrlError("the folder after the bucket may hold letters, digits, . _ - and /");
  }
  for (const name of url.searchParams.keys()) {
    if (!PARAMS.has(name))
      throw new StorageUrlError(`unknown parameter "${name}" (endpoint and region are known)`);
  }
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) {
    throw new StorageUrlError("endpoint must be an http:// or https:// address without a path");
  }
  const region = url.searchParams.get("region") ?? defaults.region ?? "us-east-1";
  if (!REGION.test(region)) throw new StorageUrlError("region must be a region name such as eu-west-1");
  if (Boolean(url.username) !== Boolean(url.password)) {
    throw new StorageUrlError("give both the access key and the secret (s3://KEY:SECRET@bucket), or neither");
  }
  const credentials = url.username
    ? { accessKeyId: decode(url.username), secretAccessKey: decode(url.password) }
    : undefined;
  return {
    kind: "s3",
    location: {
      bucket,
      prefix,
      region,
      ...(endpoint ? { endpoint: endpoint.replace(/\/$/, "") } : {}),
      ...(credentials ? { credentials } : {}),
    },
  };
}

/**
 * The Storage a process uses. The AWS SDK is loaded only when a bucket is configured, so a laptop's
 * start (local files) does not pay for it.
 */
export async function openStorage(choice: StorageChoice, dataDir: string): Promise<Storage> {
  if (choice.kind === "local") return createLocalStorage(join(dataDir, "files"));
  const { createS3Storage } = await import("./storage-s3.ts");
  return createS3Storage(choice.location);
}
