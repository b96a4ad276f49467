import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { accountingReport } from "./accounting.service.ts";
import {
  getOwnBalance,
  listOwnActivity,
  listOwnPayouts,
  listPayoutQueue,
  payPayout,
  rejectPayout,
  requestPayout,
} from "./earnings.service.ts";
import { listOwnResourceRatings } from "./earnings-ratings.service.ts";
import { renderReceipt } from "./receipt.service.ts";

/** Earnings (spec 7: earnings balance), payouts and receipts; the admin payouts queue. */
export async function earningsRoutes(app: AppInstance) {
  const { db } = app.deps;

  route(app, "GET /earnings/self/balance", {}, async (request) => getOwnBalance(db, requireViewer(request)));
  route(app, "GET /earnings/self/activity", {}, async (request) =>
    listOwnActivity(db, requireViewer(request)),
  );
  route(app, "GET /earnings/self/payouts", {}, async (request) => listOwnPayouts(db, requireViewer(request)));
  route(app, "GET /earnings/self/ratings", {}, async (request) =>
    listOwnResourceRatings(db, requireViewer(request).id),
  );
  // Answered 201 (the definition's status).
  route(app, "POST /earnings/self/payouts", {}, async (request) => requestPayout(db, requireViewer(request)));

  route(app, "GET /activity/transactions/:saleId/receipt", {}, async (request, reply) => {
    const html = await renderReceipt(db, requireViewer(request), request.params.saleId, "Lesson Loft");
    return (
      reply
        .header("content-type", "text/html; charset=utf-8")
        // A document, unlike the other API answers: its own inline style may apply, nothing else.
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        )
        .header("cache-control", "private, no-store")
        .send(html)
    );
  });

  const admin = { config: { access: "admin" as const } };
  route(app, "GET /admin/payouts", admin, async () => listPayoutQueue(db));
  route(app, "POST /admin/payouts/:id/pay", admin, async (request) =>
    payPayout(db, requireViewer(request), request.params.id, request.body.payoutDate),
  );
  route(app, "POST /admin/payouts/:id/reject", admin, async (request) => rejectPayout(db, request.params.id));
  route(app, "GET /admin/accounting", admin, async (request) =>
    accountingReport(db, request.query.from, request.query.to),
  );
}
