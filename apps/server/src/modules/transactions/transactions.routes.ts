import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../../db/schema/index.ts";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { validationFailed } from "../../platform/errors.ts";
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

  route(app, "POST /transactions/resource/purchase", {}, async (request) =>
    purchaseResource(deps, requireViewer(request), request.body, {
      idempotencyKey: idempotencyKeyOf(request),
      gift: false,
      refCodeHeader: refCodeHeader(request),
    }),
  );

  // A gift: {code} is the buyer's own ref code, which the gift link carries (spec 2: gift links carry a refCode).
  route(app, "POST /transactions/resource/purchase/gift/:code", {}, async (request) => {
    const viewer = requireViewer(request);
    const [buyer] = await deps.db.select({ ref: users.ref_code }).from(users).where(eq(users.id, viewer.id));
    if (buyer?.ref !== request.params.code.toUpperCase()) {
      throw validationFailed({ code: "invalid" }, "The gift link's code is not yours");
    }
    return purchaseResource(deps, viewer, request.body, {
      idempotencyKey: idempotencyKeyOf(request),
      gift: true,
    });
  });

  // The thank-you page of a purchase or a gift, for its buyer: a reload shows it again.
  route(app, "GET /transactions/sales/:saleId", {}, async (request) =>
    getSaleForBuyer(deps.db, requireViewer(request), request.params.saleId, deps.config.publicUrl),
  );

  // What a gift link holds, for the teacher who opened it: who sent what, and whether it is theirs to claim.
  route(app, "GET /transactions/gifts/:giftCode", {}, async (request) =>
    getGiftForViewer(deps.db, requireViewer(request), request.params.giftCode),
  );

  // "My resources": everything the viewer bought, was given, or downloaded free.
  route(app, "GET /users/self/library", {}, async (request) =>
    listLibrary(deps.db, requireViewer(request).id, request.query.page),
  );

  route(app, "GET /users/self/library/:resourceId", {}, async (request) => ({
    item: await libraryEntry(deps.db, requireViewer(request).id, request.params.resourceId),
  }));

  route(app, "POST /transactions/gifts/:giftCode/claim", {}, async (request) =>
    claimGift(deps.db, requireViewer(request), request.params.giftCode),
  );

  route(
    app,
    "POST /transactions/tip/purchase/:recipientId",
    { config: { permission: "payments" } },
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

  route(app, "POST /transactions/tip/multiple", { config: { permission: "payments" } }, async (request) => {
    const { recipientIds, tipNote, amount, ...form } = request.body;
    return sendTips(
      deps,
      requireViewer(request),
      { recipientIds, amount, tipNote, form },
      idempotencyKeyOf(request),
    );
  });

  route(app, "GET /transactions/tips/sent", {}, async (request) =>
    listSentTips(deps.db, requireViewer(request).id, request.query.page),
  );

  route(app, "POST /transactions/donate/purchase", {}, async (request) => {
    const { amount, placement, ...form } = request.body;
    return donate(deps, requireViewer(request), { amount, placement, form }, idempotencyKeyOf(request));
  });

  route(app, "POST /transactions/resource/feature", {}, async (request) =>
    featureResource(deps, requireViewer(request), request.body, idempotencyKeyOf(request)),
  );
}
