import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Compression of the answers the server builds (API JSON, the sitemap). The web app's own files are
 * compressed once at build time (scripts/web-build.mjs) and sent as they are (platform/web-app.ts);
 * images and videos are compressed already.
 *
 * Costs, measured on a 14 KB grid of 24 cards (2 shared cores): brotli quality 4 made 3.3 KB in about
 * 0.13 ms, gzip level 6 the same size in 0.25 ms; brotli 5 and 6 gained 3% for two to four times the
 * time. Below 1 KB an answer fits in the first packets either way, and the headers would eat the gain.
 */
export type Encoding = "br" | "gzip";

/** Bodies smaller than this go as they are. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Bodies under this are compressed in place (a tenth to half a millisecond); larger ones (a sitemap of
 * 50,000 addresses is megabytes) on libuv's thread pool, so that they do not hold up other requests.
 */
const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;

const ENCODINGS: Encoding[] = ["br", "gzip"];
const COMPRESSIBLE_TYPE = /^(application\/(json|xml|javascript)|text\/|image\/svg\+xml)/;

const brotliOptions = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
});
const GZIP_OPTIONS = { level: 6 };

/** How many bodies this process compressed, by encoding: what shows that a kept answer is compressed once. */
export const compressionCount: Record<Encoding, number> = { br: 0, gzip: 0 };

/** The encoding to send to this client (brotli preferred), or null for the body as it is. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers["accept-encoding"];
  return header ? negotiate(header, ENCODINGS) : null;
}

export function compressSync(body: string | Buffer, encoding: Encoding): Buffer {
  compressionCount[encoding] += 1;
  return encoding === "br"
    ? brotliCompressSync(body, brotliOptions(body.length))
    : gzipSync(body, GZIP_OPTIONS);
}

function compressAsync(
  body: string | Buffer,
  encoding: Encoding,
  done: (error: Error | null, out: Buffer) => void,
) {
  compressionCount[encoding] += 1;
  if (encoding === "br") brotliCompress(body, brotliOptions(body.length), done);
  else gzip(body, GZIP_OPTIONS, done);
}

/** Says that the body depends on Accept-Encoding, so that a shared cache keeps one copy per encoding. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader("vary");
  if (vary === undefined) {
    reply.header("vary", "accept-encoding");
    return;
  }
  const value = String(vary);
  if (value === "accept-encoding") return;
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) reply.header("vary", `${value}, accept-encoding`);
}

/**
 * An answer kept in memory and sent many times (the visitors' micro-cache, the sitemap): each encoding
 * is computed the first time a client asks for it and kept with the answer, so hits cost no compression.
 */
export class KeptAnswer {
  private readonly encoded: Partial<Record<Encoding, Buffer | Promise<Buffer>>> = {};

  constructor(
    readonly body: string | Buffer,
    readonly contentType: string,
  ) {}

  /** The body in `encoding`: at once when small or already made, else once, off the event loop. */
  variant(encoding: Encoding): Buffer | Promise<Buffer> {
    const known = this.encoded[encoding];
    if (known) return known;
    if (this.body.length < COMPRESS_SYNC_MAX_BYTES) {
      const made = compressSync(this.body, encoding);
      this.encoded[encoding] = made;
      return made;
    }
    const making = new Promise<Buffer>((resolve, reject) =>
      compressAsync(this.body, encoding, (error, out) => (error ? reject(error) : resolve(out))),
    );
    this.encoded[encoding] = making;
    making.then(
      (made) => {
        this.encoded[encoding] = made;
      },
      () => {
        delete this.encoded[encoding];
      },
    );
    return making;
  }

  /** What to send this client: the body, or a kept encoding of it with its headers set on `reply`. */
  payloadFor(request: FastifyRequest, reply: FastifyReply): string | Buffer | Promise<Buffer> {
    reply.header("content-type", this.contentType);
    varyOnEncoding(reply);
    const encoding = this.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : null;
    if (!encoding) return this.body;
    reply.header("content-encoding", encoding);
    return this.variant(encoding);
  }

  /**
   * Sends it. Returns nothing on purpose: a reply is thenable, and a callback-style hook that returned
   * one would be taken for an async hook and carry on after the answer.
   */
  send(request: FastifyRequest, reply: FastifyReply): void {
    const payload = this.payloadFor(request, reply);
    if (!(payload instanceof Promise)) {
      reply.send(payload);
      return;
    }
    payload.then(
      (bytes) => reply.send(bytes),
      () => reply.removeHeader("content-encoding").send(this.body),
    );
  }
}

/**
 * Compresses text answers (JSON, XML, text) of 1 KB and more for clients that accept brotli or gzip, and
 * marks every such answer `Vary: Accept-Encoding`. Answers that chose their encoding already (a kept
 * answer, a precompressed file) and streams (files) pass untouched. Callback style: an answer that is
 * not compressed, as every one to a client that sends no Accept-Encoding, costs no promise.
 */
export function installCompression(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !COMPRESSIBLE_TYPE.test(type)) return done(null, payload);
    if (reply.hasHeader("content-encoding")) return done(null, payload);
    varyOnEncoding(reply);
    if (payload.length < COMPRESS_MIN_BYTES || reply.statusCode === 206) return done(null, payload);
    const encoding = acceptedEncoding(request);
    if (!encoding) return done(null, payload);
    const finish = (error: Error | null, out: Buffer) => {
      if (error) return done(null, payload);
      reply.header("content-encoding", encoding).removeHeader("content-length");
      done(null, out);
    };
    if (payload.length < COMPRESS_SYNC_MAX_BYTES) finish(null, compressSync(payload, encoding));
    else compressAsync(payload, encoding, finish);
  });
}
