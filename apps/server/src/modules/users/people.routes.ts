import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import {
  findUserByRef,
  follow,
  listFollowing,
  unfollow,
  userResources,
  userSummary,
} from "./people.service.ts";
import { createReferral } from "./referrals.service.ts";

export async function peopleRoutes(app: AppInstance) {
  const { db, config } = app.deps;

  route(app, "GET /users/:id/summary", { config: { access: "public" } }, async (request) =>
    userSummary(db, request.params.id, request.viewer),
  );
  route(app, "GET /users/:id/resources", { config: { access: "public" } }, async (request) => {
    const user = await findUserByRef(db, request.params.id);
    return userResources(db, user.id, request.query.offset, request.query.limit);
  });

  route(app, "PUT /users/following/:userId", {}, async (request) =>
    follow(db, requireViewer(request), request.params.userId),
  );
  route(app, "DELETE /users/following/:userId", {}, async (request) =>
    unfollow(db, requireViewer(request), request.params.userId),
  );
  route(app, "GET /users/self/following", {}, async (request) =>
    listFollowing(db, requireViewer(request), request.query.page, request.query.pageSize),
  );

  route(app, "PUT /referrals", {}, async (request) =>
    createReferral(db, config.publicUrl, requireViewer(request), request.body.uri, request.body.is_gift),
  );
}
