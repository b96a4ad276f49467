import { redirect } from "react-router";
import { queryClient } from "../../state/query-client.ts";
import { clearSession } from "../../state/session.ts";

/**
 * /logout: clear the token and user, then go to /donation. (With ads shown it will be /offers?logout once the
 * ads issue decides who sees ads.)
 */
export function logout(): Response {
  clearSession();
  queryClient.removeQueries({ queryKey: ["users"] });
  return redirect("/donation");
}
