import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { createBundle, getBundle, listBundleChoices, patchBundle } from "./bundle-writes.service.ts";

/** Bundles (issue 22): a creator makes and changes them; anybody reads a listed one. */
export async function bundlesRoutes(app: AppInstance) {
  const { db } = app.deps;

  route(app, "POST /bundles", {}, async (request) => createBundle(db, requireViewer(request), request.body));
  route(app, "GET /bundles/choices", {}, async (request) => listBundleChoices(db, requireViewer(request)));
  route(app, "GET /bundles/:id", { config: { access: "public" } }, async (request) =>
    getBundle(db, request.params.id, request.viewer),
  );
  route(app, "PATCH /bundles/:id", {}, async (request) =>
    patchBundle(db, requireViewer(request), request.params.id, request.body),
  );
}
