import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { listCreatorRefundRequests, listOwnRefunds, listRefundQueue } from "./refund-views.ts";
import {
  adminRefundSale,
  approveRefund,
  declineRefund,
  getSaleForAdmin,
  getSaleRefundState,
  requestRefund,
} from "./refunds.service.ts";

const admin = { access: "admin" as const };

/** Refunds (issue 22): the buyer asks, the creator or an admin decides, an admin refunds any sale. */
export async function refundsRoutes(app: AppInstance) {
  const { db } = app.deps;

  route(app, "GET /transactions/:saleId/refund", {}, async (request) =>
    getSaleRefundState(db, requireViewer(request), request.params.saleId),
  );
  route(app, "POST /transactions/:saleId/refund-request", {}, async (request) =>
    requestRefund(db, requireViewer(request), request.params.saleId, request.body),
  );
  route(app, "GET /refunds/self", {}, async (request) => listOwnRefunds(db, requireViewer(request).id));
  route(app, "GET /earnings/self/refund-requests", {}, async (request) =>
    listCreatorRefundRequests(db, requireViewer(request).id),
  );
  route(app, "POST /refunds/:id/approve", {}, async (request) =>
    approveRefund(app.deps, requireViewer(request), request.params.id),
  );
  route(app, "POST /refunds/:id/decline", {}, async (request) =>
    declineRefund(db, requireViewer(request), request.params.id, request.body.note),
  );

  route(app, "GET /admin/refunds", { config: admin }, async (request) =>
    listRefundQueue(db, request.query.page),
  );
  route(app, "GET /admin/sales/:saleId", { config: admin }, async (request) =>
    getSaleForAdmin(db, request.params.saleId),
  );
  route(app, "POST /admin/transactions/:saleId/refund", { config: admin }, async (request) =>
    adminRefundSale(app.deps, requireViewer(request), request.params.saleId, request.body),
  );
}
