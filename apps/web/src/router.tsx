import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import { RootErrorBoundary, RouteErrorBoundary } from "./components/ErrorPages.tsx";
import { AppLoading, RootLayout, type RouteHandle } from "./components/RootLayout.tsx";
import { loadConfiguration, loadOfflineMode } from "./guards/load-configuration.ts";
import { type GuardDeps, runGuards } from "./guards/run-guards.ts";
import { accessLookup, RouteAccessContext } from "./routes/route-access.ts";
import { ROUTES, type RouteEntry } from "./routes/route-table.ts";
import { writeDocumentCookie } from "./state/cookies.ts";
import { loadPermissions } from "./state/permissions.ts";
import { bufferRefCode } from "./state/post-login.ts";
import { queryClient } from "./state/query-client.ts";
import { getSession, rememberPath } from "./state/session.ts";

/** The browser's side of the guards: the query cache, the session store, local storage and cookies. */
export const browserGuardDeps: GuardDeps = {
  // If the flag cannot be read the site is treated as online; loading the configuration then reports the outage.
  offlineMode: () => loadOfflineMode(queryClient).catch(() => false),
  loadConfiguration: () => loadConfiguration(queryClient),
  session: () => {
    const session = getSession();
    return { loggedIn: session !== null, isAdmin: session?.isAdmin ?? false, user: session?.user ?? null };
  },
  rememberPath,
  writeCookie: writeDocumentCookie,
  bufferRefCode: (code) => bufferRefCode(localStorage, code),
  permissions: () => loadPermissions(queryClient),
};

/** Routes that only forward (their loader always redirects) render nothing. */
function ForwardOnly() {
  return null;
}

/** One route of the table: every guard in the spec's order runs in its loader, and its screen loads lazily. */
export function toRouteObject(entry: RouteEntry, deps: GuardDeps): RouteObject {
  const handle: RouteHandle = { title: entry.title, purpose: entry.purpose };
  const { screen, load, prefetch, redirectTo } = entry;
  return {
    path: entry.path,
    handle,
    loader: async ({ request }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      const outcome = await runGuards(
        url,
        entry.access,
        deps,
        load ? () => load(url) : undefined,
        prefetch ? () => prefetch(url) : undefined,
      );
      if ("redirect" in outcome) return redirect(outcome.redirect);
      if (redirectTo) return redirect(redirectTo);
      return outcome.data instanceof Response ? outcome.data : null;
    },
    ...(screen && !redirectTo
      ? { lazy: async () => ({ Component: (await screen()).default }) }
      : { Component: ForwardOnly }),
  };
}

const accessOfPath = accessLookup(ROUTES);

/** The layout, with the route table's access for the screens that decide where a user goes next. */
function RootWithRouteAccess() {
  return (
    <RouteAccessContext.Provider value={accessOfPath}>
      <RootLayout />
    </RouteAccessContext.Provider>
  );
}

export function buildRoutes(deps: GuardDeps = browserGuardDeps): RouteObject[] {
  return [
    {
      id: "root",
      Component: RootWithRouteAccess,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: AppLoading,
      children: [
        { ErrorBoundary: RouteErrorBoundary, children: ROUTES.map((entry) => toRouteObject(entry, deps)) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
