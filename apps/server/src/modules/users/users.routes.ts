import { selfUserSchema } from "@market/domain";
import type { AppInstance } from "../../app.ts";
import { requireViewer } from "../../platform/access.ts";
import { presentSelf } from "./user.presenter.ts";
import { requireAccount } from "./users.service.ts";

export async function usersRoutes(app: AppInstance) {
  const { db } = app.deps;
  app.get("/users/self", { schema: { response: { 200: selfUserSchema } } }, async (request) =>
    presentSelf(await requireAccount(db, requireViewer(request).id)),
  );
}
