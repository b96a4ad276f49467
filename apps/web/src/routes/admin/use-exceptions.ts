import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

/** GET /admin/exceptions: what waits in each queue, re-counted every half minute while shown. */
export function useExceptionsSummary() {
  return useQuery({
    queryKey: ["admin", "exceptions"],
    queryFn: ({ signal }) => api.call("GET /admin/exceptions", { signal }),
    refetchInterval: 30_000,
  });
}
