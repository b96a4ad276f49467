import { DEFAULT_TEXTS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../state/query-client.ts";
import { siteQueries } from "../state/site-config.ts";
import { makeCard, makeCards } from "../test/factories.ts";
import { stubFetch } from "../test/render.tsx";
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

function renderGrid(count: number, resources = makeCards(count)) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ResourceGrid resources={resources} />
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
    const cards = screen
      .getAllByRole("link")
      .filter((a) => a.getAttribute("href")?.startsWith("/resources/"));
    expect(cards).toHaveLength(count);
    const fills = [...list.querySelectorAll("[data-row-fill]")];
    expect(fills).toHaveLength(fill);
    // The row fill is deliberate: an invitation to publish, then quiet outlines hidden from screen readers.
    if (fill > 0) expect(fills[0]?.textContent).toContain("Publish a resource");
    for (const cell of fills.slice(1)) expect(cell.getAttribute("aria-hidden")).toBe("true");
  });
});

describe("a card's rating (issue 21)", () => {
  it("shows the average and the count on the creator's line, and nothing without reviews", () => {
    withContainerWidth(1200);
    renderGrid(3, [
      makeCard({ id: "rated", title: "Rated one", rating: { average: 4.6, count: 23 } }),
      makeCard({ id: "single", title: "Reviewed once", rating: { average: 4, count: 1 } }),
      makeCard({ id: "unrated", title: "Not yet reviewed", rating: { average: null, count: 0 } }),
    ]);
    const card = (title: string) => screen.getByRole("link", { name: title }).closest("li") as HTMLElement;
    const badge = within(card("Rated one")).getByLabelText("Rated 4.6 out of 5, 23 reviews");
    expect(badge.textContent).toBe("4.6(23)");
    // Beside the creator's name, so a rated card is no taller than an unrated one.
    expect(badge.parentElement?.textContent).toContain("by Grace");
    expect(within(card("Reviewed once")).getByLabelText("Rated 4.0 out of 5, 1 review").textContent).toBe(
      "4.0(1)",
    );
    // No stars at all, not zero stars.
    expect(within(card("Not yet reviewed")).queryByLabelText(/^Rated/)).toBeNull();
    expect(card("Not yet reviewed").querySelector("svg.fill-star, path.fill-star")).toBeNull();
  });
});

describe("the grid's extra ad cell (spec: more than 20 results)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("asks for the card types (no type named) and shows a type 1 as a card, counted once", async () => {
    withContainerWidth(1500);
    const { calls } = stubFetch({
      "GET /api/advertisements/display": [
        200,
        {
          ad: {
            id: "ad-1",
            ad_type: "1",
            title: "Field Trip Planner",
            subtitle: null,
            subject: null,
            description: "Permission slips in one place",
            button: "Plan a trip",
            statement: "Paid for by Field Trips Co",
            discount_code: null,
            business_name: null,
            business_image: null,
            image_url: "ads/trips.png",
            click_url: "https://field-trips.example.com/",
          },
          token: "mz1.aaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb",
        },
      ],
      "POST /api/advertisements/ad-1/impression": [200, { counted: true }],
    });
    renderGrid(21);
    const cell = await screen.findByRole("listitem", { name: "Advertisement" });
    expect(cell.textContent).toContain("Field Trip Planner");
    expect(cell.textContent).toContain("Plan a trip");
    const display = calls.find((c) => c.url.includes("/advertisements/display"))!;
    expect(new URL(display.url, "http://x").searchParams.has("type")).toBe(false);
    // A card in the grid, not a banner: the image on top, in type 1's own proportions.
    expect(cell.querySelector("a")!.className).not.toContain("sm:flex-row");
    expect(cell.querySelector("img")!.style.aspectRatio).toBe("496 / 260");
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith("/advertisements/ad-1/impression"))).toHaveLength(1),
    );
    // The impression carries the display call's view token: the server counts nothing without it.
    expect(calls.find((c) => c.url.endsWith("/impression"))?.body).toEqual({
      token: "mz1.aaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb",
    });
  });
});
