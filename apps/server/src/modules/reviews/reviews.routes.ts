import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { listReviews } from "./review-list.service.ts";
import { hideReview, keepReview, listReportedReviews } from "./review-moderation.service.ts";
import { markHelpful, reportReview } from "./review-reactions.service.ts";
import { createReview, deleteReview, editReview, replyToReview } from "./review-writes.service.ts";

const admin = { access: "admin" as const };

/** Ratings and reviews of resources (issue 21) and the admins' queue of reported reviews. */
export async function reviewsRoutes(app: AppInstance) {
  const { db } = app.deps;

  // Public: a visitor reads reviews too. Visitors' answers are kept a moment (VISITOR_CACHE_MS) and
  // dropped when a review's rating changes anything the catalogue shows (catalogueChanged).
  route(
    app,
    "GET /resources/:id/reviews",
    { config: { access: "public", sharedForVisitors: true } },
    async (request) => listReviews(db, request.params.id, request.viewer, request.query),
  );
  route(app, "POST /resources/:id/reviews", {}, async (request) =>
    createReview(db, requireViewer(request), request.params.id, request.body),
  );
  route(app, "PATCH /reviews/:id", {}, async (request) =>
    editReview(db, requireViewer(request), request.params.id, request.body),
  );
  route(app, "DELETE /reviews/:id", {}, async (request) =>
    deleteReview(db, requireViewer(request), request.params.id),
  );
  route(app, "POST /reviews/:id/reply", {}, async (request) =>
    replyToReview(db, requireViewer(request), request.params.id, request.body.text),
  );
  route(app, "POST /reviews/:id/helpful", {}, async (request) =>
    markHelpful(db, requireViewer(request), request.params.id),
  );
  route(app, "POST /reviews/:id/report", {}, async (request) =>
    reportReview(db, requireViewer(request), request.params.id, request.body),
  );

  route(app, "GET /admin/reviews/reported", { config: admin }, async (request) =>
    listReportedReviews(db, requireViewer(request), request.query.page),
  );
  route(app, "POST /admin/reviews/:id/hide", { config: admin }, async (request) =>
    hideReview(db, requireViewer(request), request.params.id),
  );
  route(app, "POST /admin/reviews/:id/keep", { config: admin }, async (request) =>
    keepReview(db, requireViewer(request), request.params.id),
  );
}
