import { DEFAULT_TEXTS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { accessLookup, RouteAccessContext } from "../routes/route-access.ts";
import { ROUTES } from "../routes/route-table.ts";
import { createQueryClient } from "../state/query-client.ts";
import { siteQueries } from "../state/site-config.ts";

export interface StubbedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers for the stubbed global fetch: "METHOD /api/path" (query ignored) -> [status, body] or a function. */
export type Answers = Record<string, [number, unknown] | ((call: StubbedCall) => [number, unknown])>;

/** Stubs fetch at the edge: every request is recorded and answered from the table (404 otherwise). */
export function stubFetch(answers: Answers) {
  const calls: StubbedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const call: StubbedCall = {
      method: init?.method ?? "GET",
      url,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      headers: (init?.headers as Record<string, string>) ?? {},
    };
    calls.push(call);
    const answer = answers[`${call.method} ${url.split("?")[0]}`];
    const [status, body] =
      typeof answer === "function"
        ? answer(call)
        : (answer ?? [404, { error: "not_found", message: "Not found" }]);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}

/** The app's route access, as the router hands it to every screen. */
const accessOfPath = accessLookup(ROUTES);

/** Renders one screen at a path inside a memory router, with the site copy preloaded. */
export function renderScreen(Screen: ComponentType, path: string, routePath = path.split("?")[0]!) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
  const router = createMemoryRouter(
    [
      { path: routePath, Component: Screen },
      { path: "*", Component: () => <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouteAccessContext.Provider value={accessOfPath}>
        <RouterProvider router={router} />
      </RouteAccessContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
