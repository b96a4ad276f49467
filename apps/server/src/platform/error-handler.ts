import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "./errors.ts";

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

function retryAfterSeconds(iso: string): string {
  return String(Math.max(1, Math.ceil((Date.parse(iso) - Date.now()) / 1000)));
}
