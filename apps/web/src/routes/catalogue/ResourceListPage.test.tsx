import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCards } from "../../test/factories.ts";
import { renderScreen, type StubbedCall, stubFetch } from "../../test/render.tsx";
import HomePage from "./HomePage.tsx";

function listAnswer(total: number, capped = false) {
  return (call: StubbedCall): [number, unknown] => {
    const params = new URL(call.url, "http://x").searchParams;
    const empty = params.get("q") === "nothing";
    return [
      200,
      {
        resources: empty ? [] : makeCards(Math.min(12, total)),
        page: Number(params.get("page")),
        pageSize: 12,
        total: empty ? 0 : total,
        totalIsCapped: capped,
      },
    ];
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("grid page with search and filters", () => {
  it("reads the filters from the URL, counts the results and links the pages", async () => {
    const { calls } = stubFetch({ "GET /api/resources": listAnswer(1234) });
    renderScreen(HomePage, "/?q=maps&grade=3&price=sale&sort=price-asc&page=2", "/");
    expect(await screen.findByText("1,234 results")).toBeTruthy();
    const sent = new URL(calls[0]?.url ?? "", "http://x").searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      page: "2",
      pageSize: "12",
      sort: "price-asc",
      q: "maps",
      grade: "3",
      price: "sale",
    });
    expect((screen.getByLabelText("Search resources") as HTMLInputElement).value).toBe("maps");
    expect((screen.getByLabelText("Grade") as HTMLSelectElement).value).toBe("3");
    expect((screen.getByLabelText("Price") as HTMLSelectElement).value).toBe("sale");
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("price-asc");
    expect(screen.getByRole("link", { name: "Page 3" }).getAttribute("href")).toBe(
      "/?q=maps&grade=3&price=sale&sort=price-asc&page=3",
    );
  });

  it("says 10,000+ when the server stopped counting", async () => {
    stubFetch({ "GET /api/resources": listAnswer(10_000, true) });
    renderScreen(HomePage, "/", "/");
    expect(await screen.findByText("10,000+ results")).toBeTruthy();
  });

  it("puts typing into the URL after a pause, and a filter change at once, back at page 1", async () => {
    stubFetch({ "GET /api/resources": listAnswer(30) });
    const { router } = renderScreen(HomePage, "/?page=2", "/");
    await screen.findByText("30 results");
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText("Search resources"), { target: { value: "water" } });
    act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.search).toBe("?page=2");
    act(() => vi.advanceTimersByTime(250));
    expect(router.state.location.search).toBe("?q=water");
    fireEvent.click(screen.getByLabelText("Ignore common words"));
    expect(router.state.location.search).toBe("?q=water&stopWords=true");
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "Game" } });
    expect(router.state.location.search).toBe("?q=water&stopWords=true&type=Game");
    // A typed query is in relevance order; another order is named in the URL (issue 17).
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("relevance");
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "downloads" } });
    expect(router.state.location.search).toBe("?q=water&stopWords=true&type=Game&sort=downloads");
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "newest" } });
    expect(router.state.location.search).toBe("?q=water&stopWords=true&type=Game&sort=newest");

    // Back restores the earlier search and the box follows it.
    vi.useRealTimers();
    await act(() => router.navigate(-5));
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    expect((screen.getByLabelText("Search resources") as HTMLInputElement).value).toBe("");
  });

  it("keeps the old results in view, dimmed, until the new ones arrive: no blank grid", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = listAnswer(30);
    const { fetch } = stubFetch({ "GET /api/resources": answer });
    const { router } = renderScreen(HomePage, "/", "/");
    await screen.findByText("30 results");
    const respond = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      await held;
      return respond(input, init);
    });
    await act(() => router.navigate("/?page=2"));
    const grid = () => screen.getAllByRole("list")[0] as HTMLElement;
    expect(grid().className).toContain("opacity-60");
    expect(screen.getAllByRole("link", { name: /^Resource r/ }).length).toBeGreaterThan(0);
    release();
    await waitFor(() => expect(grid().className).toContain("opacity-100"));
  });

  it("filters by rating and orders by Top rated through the URL; clearing the filters clears the rating", async () => {
    const { calls } = stubFetch({ "GET /api/resources": listAnswer(30) });
    const { router } = renderScreen(HomePage, "/?grade=3", "/");
    await screen.findByText("30 results");
    const rating = screen.getByLabelText("Rating") as HTMLSelectElement;
    expect([...rating.options].map((o) => o.text)).toEqual([
      "Any rating",
      "4 stars & up",
      "3 stars & up",
      "2 stars & up",
    ]);
    fireEvent.change(rating, { target: { value: "4" } });
    expect(router.state.location.search).toBe("?grade=3&minRating=4");
    const sort = screen.getByLabelText("Sort by") as HTMLSelectElement;
    expect([...sort.options].find((o) => o.value === "rating")?.text).toBe("Top rated");
    fireEvent.change(sort, { target: { value: "rating" } });
    expect(router.state.location.search).toBe("?grade=3&minRating=4&sort=rating");
    await waitFor(() => {
      const sent = new URL(calls.at(-1)?.url ?? "", "http://x").searchParams;
      expect(Object.fromEntries(sent)).toMatchObject({
        grade: "3",
        minRating: "4",
        sort: "rating",
        page: "1",
      });
    });
    expect((screen.getByLabelText("Rating") as HTMLSelectElement).value).toBe("4");
    // The phone's filter sheet counts the rating, and its Clear all clears it with the grade, not the order.
    fireEvent.click(screen.getByRole("button", { name: "Filters (2)" }));
    const sheet = await screen.findByRole("dialog");
    fireEvent.click(within(sheet).getByRole("button", { name: "Clear all" }));
    expect(router.state.location.search).toBe("?sort=rating");
  });

  it("reads the rating from the URL, and the page's Clear all link drops it", async () => {
    const { calls } = stubFetch({ "GET /api/resources": listAnswer(30) });
    renderScreen(HomePage, "/?minRating=3", "/");
    await screen.findByText("30 results");
    expect((screen.getByLabelText("Rating") as HTMLSelectElement).value).toBe("3");
    expect(new URL(calls[0]?.url ?? "", "http://x").searchParams.get("minRating")).toBe("3");
    expect(screen.getByRole("link", { name: "Clear all" }).getAttribute("href")).toBe("/");
  });

  it("says what to change when nothing matches", async () => {
    stubFetch({ "GET /api/resources": listAnswer(30) });
    renderScreen(HomePage, "/?q=nothing", "/");
    expect(await screen.findByText(/No resources match your search/)).toBeTruthy();
    expect(screen.getByText("0 results")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Clear search and filters" }).getAttribute("href")).toBe("/");
  });
});
