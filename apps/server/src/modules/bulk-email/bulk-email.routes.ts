import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { AppError } from "../../platform/errors.ts";
import { bulkEmailState, startBulkEmail, unsubscribe } from "./bulk-email.service.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

export async function bulkEmailRoutes(app: AppInstance) {
  const { db, config } = app.deps;

  route(app, "GET /users/bulk-email", { config: { access: "admin" } }, async () => bulkEmailState(db));

  route(app, "POST /users/bulk-email", { config: { access: "admin" } }, async (request) => {
    await startBulkEmail(db, request.body, requireViewer(request).id);
    return bulkEmailState(db);
  });

  // Mail clients' one-click unsubscribe (RFC 8058) posts a form body; only this plugin's routes read one.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // Unsubscribing changes nothing but the caller's own mail preference, so it works during maintenance too.
  route(
    app,
    "POST /users/unsubscribe",
    { config: { access: "public", availableOffline: true } },
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
