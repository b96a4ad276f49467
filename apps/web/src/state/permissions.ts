import type { QueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../api/client.ts";
import type { PermissionsResponse } from "../guards/user-permissions.ts";
import { clearSession, getSession } from "./session.ts";

export const PERMISSIONS_KEY = ["users", "self", "permissions"] as const;

/**
 * GET /users/self/permissions for the signed-in user, cached for a minute. If the server refuses the call the
 * token and user are cleared (spec section 4); a network failure keeps the session and enforces nothing here
 * (the server checks every call anyway).
 */
export async function loadPermissions(queryClient: QueryClient): Promise<PermissionsResponse | null> {
  const session = getSession();
  if (!session) return null;
  try {
    return await queryClient.fetchQuery({
      queryKey: [...PERMISSIONS_KEY, session.claims.sub],
      queryFn: ({ signal }) => api.get<PermissionsResponse>("/users/self/permissions", { signal }),
      staleTime: 60_000,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) {
      clearSession();
      queryClient.removeQueries({ queryKey: ["users"] });
    }
    return null;
  }
}
