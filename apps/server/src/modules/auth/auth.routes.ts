import { loginResponseSchema, tokenRequestSchema } from "@market/domain";
import type { AppInstance } from "../../app.ts";
import { loginWithCredentials } from "./auth.service.ts";

export async function authRoutes(app: AppInstance) {
  const { db, tokens } = app.deps;
  app.post(
    "/auth/token",
    {
      // Admins log in during maintenance too, so this route stays up in offline mode.
      config: { access: "public", availableOffline: true },
      schema: { body: tokenRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => loginWithCredentials(db, tokens, request.body),
  );
}
