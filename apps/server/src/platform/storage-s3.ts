import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { attachmentDisposition } from "./file-download.ts";
import { byteLimit, STORAGE_KEY, type Storage, StoredTooLarge } from "./storage.ts";

/** Where an S3-compatible store keeps our files (parsed from STORAGE_URL by storage-url.ts). */
export interface S3Location {
  bucket: string;
  /** The folder inside the bucket that every key goes under, without slashes at its ends; "" for the root. */
  prefix: string;
  /** Another S3-compatible service (MinIO, Cloudflare R2, ...); unset for AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** From the URL's user:password; unset, the SDK's own chain reads AWS_ACCESS_KEY_ID and the rest. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface S3Storage extends Storage {
  /** Every stored key under the prefix with its size, for `npm run storage:migrate`. */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Closes the client's idle connections (a command or a test ending). */
  close(): void;
}

/**
 * Uploads go up in parts of this size (S3 wants at least 5 MiB but the last); two parts are in flight at a
 * time, so an upload holds at most about 16 MiB in memory however large the file.
 */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export function createS3Client(location: S3Location): S3Client {
  return new S3Client({
    region: location.region,
    ...(location.endpoint
      ? {
          endpoint: location.endpoint,
          // MinIO and most self-hosted stores serve buckets as paths, not as host names.
          forcePathStyle: true,
          // The SDK's default checksums (aws-chunked bodies with CRC trailers) are AWS's own; several
          // compatible stores refuse them, and all of them check the Content-MD5/ETag way instead.
          requestChecksumCalculation: "WHEN_REQUIRED" as const,
          responseChecksumValidation: "WHEN_REQUIRED" as const,
        }
      : {}),
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // A download holds its connection while the visitor reads it; the SDK's default of 50 would make the
    // 51st concurrent download wait for a free socket.
    requestHandler: { httpAgent: { maxSockets: 256 }, httpsAgent: { maxSockets: 256 } },
  });
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/** The whole object's size from a GetObject answer: "bytes 0-99/1234" for a range, else its length. */
function wholeSize(answer: { ContentRange?: string; ContentLength?: number }): number {
  const total = answer.ContentRange ? /\/(\d+)$/.exec(answer.ContentRange)?.[1] : undefined;
  return Number(total ?? answer.ContentLength ?? 0);
}

/**
 * The Storage on an S3-compatible bucket, so that every instance behind a load balancer reads what any of
 * them wrote. Objects are written without an ACL, so they are as private as the bucket (S3's default):
 * premium files reach people only through the app's access checks, which stream them from here.
 */
export function createS3Storage(location: S3Location, client = createS3Client(location)): S3Storage {
  const Bucket = location.bucket;
  const objectKey = (key: string) => {
    if (!STORAGE_KEY.test(key) || key.includes("..")) throw new Error(`invalid storage key: ${key}`);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };
  const listPrefix = location.prefix ? `${location.prefix}/` : "";

  return {
    async put(key, body) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentLength: body.length }),
      );
    },

    async write(key, source, maxBytes) {
      const Key = objectKey(key);
      const limit = byteLimit(maxBytes);
      // One PutObject for a file smaller than a part, a multipart upload past that; on any failure
      // (StoredTooLarge included) lib-storage aborts the multipart upload, so no parts are kept either.
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: limit },
        partSize: MULTIPART_PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      // When the store fails, stop reading the upload too, or the pipeline would wait on a full buffer.
      const sent = upload.done().catch((error: unknown) => {
        limit.destroy(error as Error);
        throw error;
      });
      const [read, stored] = await Promise.allSettled([pipeline(source, limit), sent]);
      const failure = [read, stored].find((r) => r.status === "rejected") as
        | PromiseRejectedResult
        | undefined;
      if (!failure) return { size: limit.bytes };
      // A refused size is the error to report, whichever of the two noticed first.
      const tooLarge = [read, stored].some(
        (r) => r.status === "rejected" && r.reason instanceof StoredTooLarge,
      );
      if (tooLarge) {
        // The rest of a refused upload still has to be read off the connection.
        source.resume();
        throw new StoredTooLarge(maxBytes);
      }
      throw failure.reason;
    },

    async read(key, range) {
      if (!STORAGE_KEY.test(key) || key.includes("..")) return null;
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return { stream: answer.Body as Readable, size: wholeSize(answer) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, as the local store does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async signedDownloadUrl(key, file, seconds) {
      // The bucket answers with the headers the app's own download sends (file-download.ts).
      const read = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ResponseContentDisposition: attachmentDisposition(file.name),
        ResponseContentType: file.content_type,
        ResponseCacheControl: "private, no-store",
      });
      return getSignedUrl(client, read, { expiresIn: seconds });
    },

    // Readiness: the bucket answers to our credentials.
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        throw new Error(
          `storage bucket "${Bucket}" is not reachable: ${status ? `HTTP ${status}` : (error as Error).message}`,
        );
      }
    },

    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: listPrefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key.slice(listPrefix.length), size: object.Size ?? 0 };
        }
      }
    },

    close() {
      client.destroy();
    },
  };
}
