import { DEFAULT_TEXTS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../state/query-client.ts";
import { siteQueries } from "../state/site-config.ts";
import { makeCards } from "../test/factories.ts";
import { ResourceGrid } from "./ResourceGrid.tsx";

/** jsdom has no layout: the grid's container reports the width under test. */
function withContainerWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
    width,
    height: 800,
    top: 0,
    left: 0,
    right: width,
    bottom: 800,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
}

function renderGrid(count: number) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ResourceGrid resources={makeCards(count)} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return screen.getByRole("list");
}

afterEach(() => vi.restoreAllMocks());

describe("ResourceGrid at a container width", () => {
  it.each([
    [400, 5, "0", undefined, 0],
    [800, 5, "4", "repeat(4, minmax(0, 1fr))", 3],
    [1200, 5, "3", "repeat(3, minmax(0, 1fr))", 1],
    [1200, 12, "3", "repeat(3, minmax(0, 1fr))", 0],
    [1500, 10, "4", "repeat(4, minmax(0, 1fr))", 2],
  ])("%d px with %d tiles", (width, count, columns, template, fill) => {
    withContainerWidth(width);
    const list = renderGrid(count);
    expect(list.dataset.columns).toBe(columns);
    expect(list.style.gridTemplateColumns || undefined).toBe(template);
    expect(screen.getAllByRole("link")).toHaveLength(count);
    expect(list.querySelectorAll("[data-row-fill]")).toHaveLength(fill);
    for (const cell of list.querySelectorAll("[data-row-fill]"))
      expect(cell.getAttribute("aria-hidden")).toBe("true");
  });
});
