import type { SelfUser } from "@market/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../api/client.ts";
import { selfUserKey } from "../../state/self-user.ts";
import { storeUser, useSession } from "../../state/session.ts";

/**
 * The signed-in user's own account as GET /users/self tells it (the session's copy until it answers), and
 * `store`, which keeps an updated account in the session and in that query alike.
 * `staleTime`: how long a copy already read will do (the status page wants the account afresh).
 */
export function useOwnAccount(staleTime: number) {
  const session = useSession();
  const queryClient = useQueryClient();
  const sub = session?.claims.sub ?? "";
  const { data } = useQuery({
    queryKey: selfUserKey(sub),
    queryFn: ({ signal }) => api.call("GET /users/self", { signal }),
    enabled: session !== null,
    staleTime,
  });
  const store = useCallback(
    (updated: SelfUser) => {
      storeUser(updated);
      queryClient.setQueryData(selfUserKey(sub), updated);
    },
    [queryClient, sub],
  );
  return { user: data ?? session?.user ?? null, store };
}
