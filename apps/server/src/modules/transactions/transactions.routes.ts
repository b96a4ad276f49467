import {
  donateRequestSchema,
  donateResponseSchema,
  featureRequestSchema,
  featureResponseSchema,
  giftClaimResponseSchema,
  giftDetailSchema,
  libraryEntryParamsSchema,
  libraryEntryResponseSchema,
  libraryQuerySchema,
  libraryResponseSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
  saleDetailSchema,
  sentTipsQuerySchema,
  sentTipsResponseSchema,
  tipMultipleRequestSchema,
  tipRequestSchema,
  tipResponseSchema,
} from "@market/domain";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { users } from "../../db/schema/index.ts";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { AppError } from "../../platform/errors.ts";
import { idempotencyKeyOf } from "../../platform/idempotency.ts";
import { featureResource } from "./feature.service.ts";
import { libraryEntry, listLibrary } from "./library.service.ts";
import { claimGift, purchaseResource } from "./purchase.service.ts";
import { getGiftForViewer, getSaleForBuyer } from "./sale-detail.service.ts";
import { donate, listSentTips, sendTips } from "./tips.service.ts";

const refCodeHeader = (request: FastifyRequest) => {
  const header = request.headers.refcode;
  return typeof header === "string" ? header : undefined;
};

export async function transactionsRoutes(app: AppInstance) {
  const deps = app.deps;

  app.post(
    "/transactions/resource/purchase",
    { schema: { body: purchaseRequestSchema, response: { 200: purchaseResponseSchema } } },
    async (request) =>
      purchaseResource(deps, requireViewer(request), request.body, {
        idempotencyKey: idempotencyKeyOf(request),
        gift: false,
        refCodeHeader: refCodeHeader(request),
      }),
  );

  // A gift: {code} is the buyer's own ref code, which the gift link carries (spec 2: gift links carry a refCode).
  app.post(
    "/transactions/resource/purchase/gift/:code",
    {
      schema: {
        params: z.object({ code: z.string().trim().min(1).max(20) }),
        body: purchaseRequestSchema,
        response: { 200: purchaseResponseSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const [buyer] = await deps.db
        .select({ ref: users.ref_code })
        .from(users)
        .where(eq(users.id, viewer.id));
      if (buyer?.ref !== request.params.code.toUpperCase()) {
        throw new AppError("validation_failed", "The gift link's code is not yours", {
          fields: { code: "invalid" },
        });
      }
      return purchaseResource(deps, viewer, request.body, {
        idempotencyKey: idempotencyKeyOf(request),
        gift: true,
      });
    },
  );

  // The thank-you page of a purchase or a gift, for its buyer: a reload shows it again.
  app.get(
    "/transactions/sales/:saleId",
    {
      schema: {
        params: z.object({ saleId: z.string().max(64) }),
        response: { 200: saleDetailSchema },
      },
    },
    async (request) =>
      getSaleForBuyer(deps.db, requireViewer(request), request.params.saleId, deps.config.publicUrl),
  );

  // What a gift link holds, for the teacher who opened it: who sent what, and whether it is theirs to claim.
  app.get(
    "/transactions/gifts/:giftCode",
    {
      schema: {
        params: z.object({ giftCode: z.string().trim().min(10).max(40) }),
        response: { 200: giftDetailSchema },
      },
    },
    async (request) => getGiftForViewer(deps.db, requireViewer(request), request.params.giftCode),
  );

  // "My resources": everything the viewer bought, was given, or downloaded free.
  app.get(
    "/users/self/library",
    { schema: { querystring: libraryQuerySchema, response: { 200: libraryResponseSchema } } },
    async (request) => listLibrary(deps.db, requireViewer(request).id, request.query.page),
  );

  app.get(
    "/users/self/library/:resourceId",
    { schema: { params: libraryEntryParamsSchema, response: { 200: libraryEntryResponseSchema } } },
    async (request) => ({
      item: await libraryEntry(deps.db, requireViewer(request).id, request.params.resourceId),
    }),
  );

  app.post(
    "/transactions/gifts/:giftCode/claim",
    {
      schema: {
        params: z.object({ giftCode: z.string().trim().min(10).max(40) }),
        response: { 200: giftClaimResponseSchema },
      },
    },
    async (request) => claimGift(deps.db, requireViewer(request), request.params.giftCode),
  );

  app.post(
    "/transactions/tip/purchase/:recipientId",
    {
      config: { permission: "payments" },
      schema: {
        params: z.object({ recipientId: z.string().min(1).max(64) }),
        body: tipRequestSchema,
        response: { 200: tipResponseSchema },
      },
    },
    async (request) => {
      const { recipientId: _ignored, tipNote, amount, ...form } = request.body;
      return sendTips(
        deps,
        requireViewer(request),
        { recipientIds: [request.params.recipientId], amount, tipNote, form },
        idempotencyKeyOf(request),
      );
    },
  );

  app.post(
    "/transactions/tip/multiple",
    {
      config: { permission: "payments" },
      schema: { body: tipMultipleRequestSchema, response: { 200: tipResponseSchema } },
    },
    async (request) => {
      const { recipientIds, tipNote, amount, ...form } = request.body;
      return sendTips(
        deps,
        requireViewer(request),
        { recipientIds, amount, tipNote, form },
        idempotencyKeyOf(request),
      );
    },
  );

  app.get(
    "/transactions/tips/sent",
    { schema: { querystring: sentTipsQuerySchema, response: { 200: sentTipsResponseSchema } } },
    async (request) => listSentTips(deps.db, requireViewer(request).id, request.query.page),
  );

  app.post(
    "/transactions/donate/purchase",
    { schema: { body: donateRequestSchema, response: { 200: donateResponseSchema } } },
    async (request) => {
      const { amount, placement, ...form } = request.body;
      return donate(deps, requireViewer(request), { amount, placement, form }, idempotencyKeyOf(request));
    },
  );

  app.post(
    "/transactions/resource/feature",
    { schema: { body: featureRequestSchema, response: { 200: featureResponseSchema } } },
    async (request) => featureResource(deps, requireViewer(request), request.body, idempotencyKeyOf(request)),
  );
}
