import { z } from "zod";
import type { AppInstance } from "../../app.ts";
import { requireViewer } from "../../platform/access.ts";
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

const balanceSchema = z.object({
  balance: z.number().int(),
  estimatedBalance: z.number().int(),
  eligibleBalance: z.number().int(),
  eligiblePayout: z.number().int(),
  pendingPayout: z.number().int(),
  hasTakenPayout: z.boolean(),
});
const payoutSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  requestedAt: z.string(),
  payoutDate: z.string().nullable(),
});

/** Earnings (spec 7: earnings balance), payouts and receipts; the admin payouts queue. */
export async function earningsRoutes(app: AppInstance) {
  const deps = app.deps;
  const { db } = deps;

  app.get("/earnings/self/balance", { schema: { response: { 200: balanceSchema } } }, async (request) =>
    getOwnBalance(db, requireViewer(request)),
  );
  app.get(
    "/earnings/self/activity",
    {
      schema: {
        response: {
          200: z.object({
            activity: z.array(
              z.object({
                kind: z.string(),
                id: z.string(),
                amount: z.number().int(),
                createdAt: z.string(),
                title: z.string().nullable(),
                from: z.string().nullable(),
                refCode: z.string().nullable(),
                receipt: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => listOwnActivity(db, requireViewer(request)),
  );
  app.get(
    "/earnings/self/payouts",
    { schema: { response: { 200: z.object({ payouts: z.array(payoutSchema) }) } } },
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
        response: {
          200: z.object({
            payouts: z.array(payoutSchema.extend({ username: z.string(), first_name: z.string() })),
            totalEligiblePayouts: z.number().int(),
          }),
        },
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
        body: z.object({ payoutDate: z.iso.date() }).strict(),
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
        querystring: z.object({
          from: z.iso.date().default("2000-01-01"),
          to: z.iso.date().default("2999-12-31"),
        }),
        response: {
          200: z.object({
            periods: z.array(
              z.object({
                period: z.string(),
                sales: z.number().int(),
                fees: z.number().int(),
                tips: z.number().int(),
                donations: z.number().int(),
                adIncome: z.number().int(),
                featuring: z.number().int(),
                payouts: z.number().int(),
              }),
            ),
            trialBalance: z.array(z.object({ account: z.string(), total: z.number().int() })),
            balanced: z.boolean(),
          }),
        },
      },
    },
    async (request) => accountingReport(db, request.query.from, request.query.to),
  );
}
