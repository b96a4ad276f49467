import { isCancelledError, type QueryClient } from "@tanstack/react-query";
import { api } from "../api/client.ts";
import type { PermissionsResponse } from "../guards/user-permissions.ts";
import { clearSession, getSession } from "./session.ts";
import { noticeSession } from "./session-notices.ts";

export const PERMISSIONS_KEY = ["users", "self", "permissions"] as const;

/**
 * GET /users/self/permissions for the signed-in user, cached for a minute. If the call fails, for any
 * reason (refused, a server error, or no answer at all), the token and user are cleared (spec section 4
 * and the error catalogue): a session whose permissions cannot be read enforces nothing, so it is not
 * kept. Only a call this app cancelled itself (an abort) keeps the session.
 */
export async function loadPermissions(queryClient: QueryClient): Promise<PermissionsResponse | null> {
  const session = getSession();
  if (!session) return null;
  try {
    return await queryClient.fetchQuery({
      queryKey: [...PERMISSIONS_KEY, session.claims.sub],
      queryFn: ({ signal }) => api.call("GET /users/self/permissions", { signal }),
      staleTime: 60_000,
    });
  } catch (error) {
    if (isCancellation(error)) return null;
    clearSession();
    queryClient.removeQueries({ queryKey: ["users"] });
    noticeSession("session.permissionsFailed", {}, queryClient);
    return null;
  }
}

function isCancellation(error: unknown): boolean {
  return isCancelledError(error) || (error instanceof DOMException && error.name === "AbortError");
}
