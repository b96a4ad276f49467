import { createContext, useContext } from "react";
import { matchRoutes } from "react-router";
import type { Access } from "../guards/authentication.ts";

/** Who may open the page at a path: the route table's access class, the catch-all page public. */
export type AccessOfPath = (path: string) => Access;

/** The lookup over a table of routes (route-table.ts's ROUTES): its last matching route decides. */
export function accessLookup(routes: readonly { path: string; access: Access }[]): AccessOfPath {
  const table = routes.map(({ path, access }) => ({ path, access }));
  return (path) => matchRoutes(table, path)?.at(-1)?.route.access ?? "public";
}

/**
 * The route table's access, handed down by the router (router.tsx) to the screens that need to know where a
 * user may go next (the login flow). A screen that imported the table would close an import circle: the
 * table loads the screens.
 */
export const RouteAccessContext = createContext<AccessOfPath | null>(null);

export function useAccessOfPath(): AccessOfPath {
  const accessOf = useContext(RouteAccessContext);
  if (!accessOf) throw new Error("No route access: render the screen inside the app's router (router.tsx).");
  return accessOf;
}
