import {
  accountingQuerySchema,
  accountingResponseSchema,
  earningsActivityResponseSchema,
  earningsBalanceSchema,
  payoutQueueResponseSchema,
  payoutSchema,
  payoutsResponseSchema,
  payPayoutBodySchema,
} from "@market/domain";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
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
import { renderReceipt } from "./receipt.service.ts";

/** Earnings (spec 7: earnings balance), payouts and receipts; the admin payouts queue. */
export async function earningsRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;

  app.get(
    "/earnings/self/balance",
    { schema: { response: { 200: earningsBalanceSchema } } },
    async (request) => getOwnBalance(db, requireViewer(request)),
  );
  app.get(
    "/earnings/self/activity",
    { schema: { response: { 200: earningsActivityResponseSchema } } },
    async (request) => listOwnActivity(db, requireViewer(request)),
  );
  app.get(
    "/earnings/self/payouts",
    { schema: { response: { 200: payoutsResponseSchema } } },
    async (request) => listOwnPayouts(db, requireViewer(request)),
  );
  app.post(
    "/earnings/self/payouts",
    { schema: { response: { 201: payoutSchema } } },
    async (request, reply) => reply.code(201).send(await requestPayout(deps, requireViewer(request))),
  );

  app.get(
    "/activity/transactions/:saleId/receipt",
    { schema: { params: z.object({ saleId: z.string().max(64) }) } },
    async (request, reply) => {
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
    },
  );

  const admin = { access: "admin" as const };
  app.get(
    "/admin/payouts",
    {
      config: admin,
      schema: {
        response: { 200: payoutQueueResponseSchema },
      },
    },
    async () => listPayoutQueue(db),
  );
  app.post(
    "/admin/payouts/:id/pay",
    {
      config: admin,
      schema: {
        params: z.object({ id: z.uuid() }),
        body: payPayoutBodySchema,
        response: { 200: payoutSchema },
      },
    },
    async (request) => payPayout(deps, requireViewer(request), request.params.id, request.body.payoutDate),
  );
  app.post(
    "/admin/payouts/:id/reject",
    { config: admin, schema: { params: z.object({ id: z.uuid() }), response: { 200: payoutSchema } } },
    async (request) => rejectPayout(db, request.params.id),
  );

  app.get(
    "/admin/accounting",
    {
      config: admin,
      schema: {
        querystring: accountingQuerySchema,
        response: { 200: accountingResponseSchema },
      },
    },
    async (request) => accountingReport(db, request.query.from, request.query.to),
  );
}
