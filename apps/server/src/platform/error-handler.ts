import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { dataExceptionAnswer } from "./db-errors.ts";
import { AppError, type ErrorCode } from "./errors.ts";

/** Maps every failure to the error catalogue. Unknown errors are logged and answered without details. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.earliestRetry)
        reply.header("retry-after", retryAfterSeconds(error.extra.earliestRetry));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        // A strict body's unknown fields are named themselves, not the object that holds them.
        const unknownKeys = issue.keyword === "unrecognized_keys" ? issue.params.keys : undefined;
        if (Array.isArray(unknownKeys) && unknownKeys.length > 0) {
          const within = path === "body" ? "" : `${path}.`;
          for (const key of unknownKeys) fields[`${within}${String(key)}`] ??= "unrecognized_keys";
          continue;
        }
        // Our own rules (custom issues) carry their problem code as the message, e.g. "name_honorific";
        // zod's own checks are named by their code, e.g. "too_small".
        fields[path] ??= (issue.keyword === "custom" ? issue.message : issue.keyword) ?? "invalid";
      }
      return reply
        .status(400)
        .send({ error: "validation_failed", message: "Some fields are not valid", fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ error: "internal", message: "Something went wrong on our side" });
    }
    const multipart = multipartRefusal(error, request);
    if (multipart)
      return reply.status(multipart.status).send({ error: multipart.code, message: multipart.message });
    // A backstop: a value the schema let through but the column cannot hold is the caller's error. Each
    // one is logged as a hole to close, with the statement but not its parameters (the user's data).
    const refused = dataExceptionAnswer(error);
    if (refused) {
      const { sqlState, detail, query } = refused;
      request.log.warn({ sqlState, detail, query }, "the database refused a value from the request");
      return reply.status(refused.status).send({ error: refused.error, message: refused.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? "payload_too_large"
          : status === 415
            ? "unsupported_media_type"
            : status === 404
              ? "not_found"
              : "bad_request";
      return reply.status(status).send({ error: code, message: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "internal", message: "Something went wrong on our side" });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ error: "not_found", message: `No route ${request.method} ${request.url.split("?")[0]}` });
  });
}

interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
}

const badForm = (message: string): Refusal => ({ status: 400, code: "bad_request", message });
const tooLarge = (message: string): Refusal => ({ status: 413, code: "payload_too_large", message });

/** @fastify/multipart's own errors, by code, with messages a client's developer can act on. */
const MULTIPART_ERRORS: Record<string, Refusal> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: badForm("Send this upload as multipart/form-data"),
  FST_INVALID_JSON_FIELD_ERROR: badForm("A form field declared as JSON is not valid JSON"),
  FST_PROTO_VIOLATION: badForm("A form field has a name that is not allowed"),
  FST_MP_PREMATURE_CLOSE: badForm("The multipart body ended before the form was complete"),
  FST_PARTS_LIMIT: tooLarge("The form has more parts than this upload accepts"),
  FST_FILES_LIMIT: tooLarge("The form has more files than this upload accepts"),
  FST_FIELDS_LIMIT: tooLarge("The form has more fields than this upload accepts"),
  FST_REQ_FILE_TOO_LARGE: tooLarge("The file is larger than this upload accepts"),
};

/**
 * The multipart parser (@fastify/busboy) throws plain errors, without a code or a status, for a body it
 * cannot read; they are told apart by their messages, and only on a multipart request, so that a bug of
 * ours that happened to say the same words would still be a 500.
 */
const BUSBOY_ERRORS: [RegExp, Refusal][] = [
  [/^Multipart: Boundary not found$/, badForm("The multipart body has no boundary in its Content-Type")],
  [
    /unexpected end of multipart data/i,
    badForm("The multipart body ended early (truncated); send the whole form again"),
  ],
  [
    /^Unexpected end of form$/,
    badForm("The multipart body ended early (truncated); send the whole form again"),
  ],
  [/^Malformed part header$/, badForm("A part of the multipart body has a malformed header")],
  [/^Unsupported Content-Type\.$/, badForm("Send this upload as multipart/form-data")],
];

/** A malformed, truncated or oversized multipart body as the client's 400 or 413, else undefined. */
function multipartRefusal(error: FastifyError, request: FastifyRequest): Refusal | undefined {
  const known = error.code ? MULTIPART_ERRORS[error.code] : undefined;
  if (known) return known;
  if (error.code || !/^multipart\//i.test(request.headers["content-type"] ?? "")) return undefined;
  return BUSBOY_ERRORS.find(([pattern]) => pattern.test(error.message))?.[1];
}

function retryAfterSeconds(iso: string): string {
  return String(Math.max(1, Math.ceil((Date.parse(iso) - Date.now()) / 1000)));
}
