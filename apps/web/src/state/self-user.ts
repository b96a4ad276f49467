import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, api } from "../api/client.ts";
import { clearSession, type SessionView, storeUser } from "./session.ts";

export const selfUserKey = (sub: string) => ["users", "self", sub] as const;

/**
 * Keeps the stored user fresh while signed in (GET /api/users/self). If that call is refused, the token and
 * user are cleared (spec section 4, Authentication); a network failure keeps the session.
 */
export function useSelfUserSync(session: SessionView | null): void {
  const query = useQuery({
    queryKey: selfUserKey(session?.claims.sub ?? ""),
    queryFn: ({ signal }) => api.call("GET /users/self", { signal }),
    enabled: session !== null,
    staleTime: 60_000,
  });
  const { data, error } = query;
  useEffect(() => {
    if (data && session && JSON.stringify(data) !== JSON.stringify(session.user)) storeUser(data);
  }, [data, session]);
  useEffect(() => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) clearSession();
  }, [error]);
}
