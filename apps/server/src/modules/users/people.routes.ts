import {
  followingResponseSchema,
  followResponseSchema,
  offsetQuerySchema,
  pageQuerySchema,
  referralRequestSchema,
  referralResponseSchema,
  resourcePageSchema,
  userSummarySchema,
} from "@market/domain";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import {
  findUserByRef,
  follow,
  listFollowing,
  unfollow,
  userResources,
  userSummary,
} from "./people.service.ts";
import { createReferral } from "./referrals.service.ts";

const userParams = z.object({ id: z.string().trim().min(1).max(64) });

export async function peopleRoutes(app: AppInstance) {
  const { db, config } = app.deps;

  app.get(
    "/users/:id/summary",
    { config: { access: "public" }, schema: { params: userParams, response: { 200: userSummarySchema } } },
    async (request) => userSummary(db, request.params.id, request.viewer),
  );
  app.get(
    "/users/:id/resources",
    {
      config: { access: "public" },
      schema: { params: userParams, querystring: offsetQuerySchema, response: { 200: resourcePageSchema } },
    },
    async (request) => {
      const user = await findUserByRef(db, request.params.id);
      return userResources(db, user.id, request.query.offset, request.query.limit);
    },
  );

  app.put(
    "/users/following/:userId",
    {
      schema: {
        params: z.object({ userId: z.string().trim().min(1).max(64) }),
        response: { 200: followResponseSchema },
      },
    },
    async (request) => follow(db, requireViewer(request), request.params.userId),
  );
  app.delete(
    "/users/following/:userId",
    {
      schema: {
        params: z.object({ userId: z.string().trim().min(1).max(64) }),
        response: { 200: followResponseSchema },
      },
    },
    async (request) => unfollow(db, requireViewer(request), request.params.userId),
  );
  app.get(
    "/users/self/following",
    { schema: { querystring: pageQuerySchema, response: { 200: followingResponseSchema } } },
    async (request) => listFollowing(db, requireViewer(request), request.query.page, request.query.pageSize),
  );

  app.put(
    "/referrals",
    { schema: { body: referralRequestSchema, response: { 200: referralResponseSchema } } },
    async (request) =>
      createReferral(db, config.publicUrl, requireViewer(request), request.body.uri, request.body.is_gift),
  );
}
