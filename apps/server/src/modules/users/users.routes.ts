import {
  changePasswordSchema,
  confirmPasswordSchema,
  patternSchema,
  permissionsResponseSchema,
  recoveryEmailSchema,
  selfUserSchema,
  updateSelfSchema,
} from "@market/domain";
import { z } from "zod";
import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { getSiteSettings } from "../site/site-settings.service.ts";
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

const self = { schema: { response: { 200: selfUserSchema } } } as const;

export async function usersRoutes(app: AppInstance) {
  const { db } = app.deps;
  const present = async (row: Parameters<typeof presentSelf>[0]) =>
    presentSelf(row, (await getSiteSettings(db)).passwordMaxAgeDays);

  app.get("/users/self", { ...self, config: { allowDeactivated: true } }, async (request) =>
    present(await requireAccount(db, requireViewer(request).id)),
  );

  app.get(
    "/users/self/permissions",
    { config: { allowDeactivated: true }, schema: { response: { 200: permissionsResponseSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      return {
        permissions: viewer.permissions,
        isAdmin: viewer.isAdmin,
        isDeactivated: viewer.isDeactivated,
      };
    },
  );

  app.post("/users/self/mark-active", { config: { allowDeactivated: true } }, async (request, reply) => {
    await markActive(db, requireViewer(request).id);
    return reply.status(204).send();
  });

  app.patch(
    "/users/self",
    { ...self, config: { permission: "controls" }, schema: { ...self.schema, body: updateSelfSchema } },
    async (request) => present(await updateSelf(db, requireViewer(request).id, request.body)),
  );

  app.put(
    "/users/self/password",
    {
      config: { permission: "controls" },
      schema: { body: changePasswordSchema, response: { 200: selfUserSchema } },
    },
    async (request) =>
      present(
        await changePassword(
          db,
          requireViewer(request),
          request.body.currentPassword,
          request.body.newPassword,
        ),
      ),
  );

  app.put(
    "/users/self/recovery-email",
    {
      config: { permission: "controls" },
      schema: { body: recoveryEmailSchema, response: { 200: selfUserSchema } },
    },
    async (request) =>
      present(await setRecoveryEmail(db, requireViewer(request).id, request.body.recoveryEmail)),
  );

  app.put(
    "/users/self/security-pattern",
    {
      config: { permission: "controls" },
      schema: {
        body: z.object({ password: z.string().min(1).max(200), pattern: patternSchema }),
        response: { 200: selfUserSchema },
      },
    },
    async (request) =>
      present(
        await setSecurityPattern(db, requireViewer(request).id, request.body.password, request.body.pattern),
      ),
  );

  app.delete(
    "/users/self/security-pattern",
    {
      config: { permission: "controls" },
      schema: { body: confirmPasswordSchema, response: { 200: selfUserSchema } },
    },
    async (request) =>
      present(await setSecurityPattern(db, requireViewer(request).id, request.body.password, null)),
  );

  app.post(
    "/users/self/deactivate",
    {
      config: { permission: "controls" },
      schema: { body: confirmPasswordSchema, response: { 200: selfUserSchema } },
    },
    async (request) => present(await deactivateSelf(db, requireViewer(request), request.body.password)),
  );

  app.post("/users/self/reactivate", { ...self, config: { allowDeactivated: true } }, async (request) =>
    present(await reactivateSelf(db, requireViewer(request).id)),
  );
}
