import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { route } from "../../platform/endpoint-route.ts";
import { getSiteSettings } from "../site/index.ts";
import { presentSelf } from "./user.presenter.ts";
import {
  changePassword,
  deactivateSelf,
  markActive,
  reactivateSelf,
  requireAccount,
  setRecoveryEmail,
  setSecurityPattern,
  updateSelf,
} from "./users.service.ts";

export async function usersRoutes(app: AppInstance) {
  const { db } = app.deps;
  const present = async (row: Parameters<typeof presentSelf>[0]) =>
    presentSelf(row, (await getSiteSettings(db)).passwordMaxAgeDays);

  route(app, "GET /users/self", { config: { allowDeactivated: true } }, async (request) =>
    present(await requireAccount(db, requireViewer(request).id)),
  );

  route(app, "GET /users/self/permissions", { config: { allowDeactivated: true } }, async (request) => {
    const viewer = requireViewer(request);
    return {
      permissions: viewer.permissions,
      isAdmin: viewer.isAdmin,
      isDeactivated: viewer.isDeactivated,
    };
  });

  // Answered 204 No Content (the definition's status).
  route(app, "POST /users/self/mark-active", { config: { allowDeactivated: true } }, async (request) => {
    await markActive(db, requireViewer(request).id);
  });

  const controls = { config: { permission: "controls" } } as const;
  route(app, "PATCH /users/self", controls, async (request) =>
    present(await updateSelf(db, requireViewer(request).id, request.body)),
  );

  route(app, "PUT /users/self/password", controls, async (request) =>
    present(
      await changePassword(
        db,
        requireViewer(request),
        request.body.currentPassword,
        request.body.newPassword,
      ),
    ),
  );

  route(app, "PUT /users/self/recovery-email", controls, async (request) =>
    present(await setRecoveryEmail(db, requireViewer(request).id, request.body.recoveryEmail)),
  );

  route(app, "PUT /users/self/security-pattern", controls, async (request) =>
    present(
      await setSecurityPattern(db, requireViewer(request).id, request.body.password, request.body.pattern),
    ),
  );

  route(app, "DELETE /users/self/security-pattern", controls, async (request) =>
    present(await setSecurityPattern(db, requireViewer(request).id, request.body.password, null)),
  );

  route(app, "POST /users/self/deactivate", controls, async (request) =>
    present(await deactivateSelf(db, requireViewer(request), request.body.password)),
  );

  route(app, "POST /users/self/reactivate", { config: { allowDeactivated: true } }, async (request) =>
    present(await reactivateSelf(db, requireViewer(request).id)),
  );
}
