import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import type { RateLimit } from "../../platform/rate-limit.ts";
import { freeSeat, listLicences } from "./licences.service.ts";
import { assignSeat } from "./seat-assign.ts";

/**
 * Giving seats sends e-mail to addresses the buyer types, strangers' perhaps, and withdrawing an
 * invitation costs nothing: held to enough for the largest licence at once (99 colleagues), per hour.
 */
const SEAT_LIMIT: RateLimit = { name: "licence-seat", max: 100, windowMs: 3_600_000, per: "user" };

/** Licences for colleagues (issue 23): the buyer's seats and the seats given to the viewer. */
export async function licencesRoutes(app: AppInstance) {
  const { db } = app.deps;

  route(app, "GET /licences/self", {}, async (request) => listLicences(db, requireViewer(request)));
  route(app, "POST /licences/:purchaseId/seats", { config: { rateLimit: SEAT_LIMIT } }, async (request) =>
    assignSeat(db, requireViewer(request), request.params.purchaseId, request.body),
  );
  route(app, "DELETE /licences/seats/:id", {}, async (request) =>
    freeSeat(db, requireViewer(request), request.params.id),
  );
}
