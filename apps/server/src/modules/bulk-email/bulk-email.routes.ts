import {
  bulkEmailRequestSchema,
  bulkEmailStateSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
} from "@market/domain";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { AppError } from "../../platform/errors.ts";
import { bulkEmailState, startBulkEmail, unsubscribe } from "./bulk-email.service.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

export async function bulkEmailRoutes(app: AppInstance) {
  const { db, config } = app.deps;

  app.get(
    "/users/bulk-email",
    { config: { access: "admin" }, schema: { response: { 200: bulkEmailStateSchema } } },
    async () => bulkEmailState(db),
  );

  app.post(
    "/users/bulk-email",
    {
      config: { access: "admin" },
      schema: { body: bulkEmailRequestSchema, response: { 202: bulkEmailStateSchema } },
    },
    async (request, reply) => {
      await startBulkEmail(db, request.body, requireViewer(request).id);
      return reply.code(202).send(await bulkEmailState(db));
    },
  );

  // Mail clients' one-click unsubscribe (RFC 8058) posts a form body; only this plugin's routes read one.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    "/users/unsubscribe",
    {
      // Unsubscribing changes nothing but the caller's own mail preference, so it works during maintenance too.
      config: { access: "public", availableOffline: true },
      schema: {
        // The web page sends { token }; a mail client's one-click post carries it in the link's query.
        querystring: unsubscribeRequestSchema.partial(),
        body: unsubscribeRequestSchema.partial().optional(),
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      const userId = token ? readUnsubscribeToken(config.jwtSecret, token) : null;
      if (!userId) {
        throw new AppError("validation_failed", "This unsubscribe link is not valid", {
          fields: { token: "invalid" },
        });
      }
      await unsubscribe(db, userId);
      return { unsubscribed: true as const };
    },
  );
}
