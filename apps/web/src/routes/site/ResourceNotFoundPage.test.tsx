import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import ResourceNotFoundPage from "./ResourceNotFoundPage.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("a resource that is not there", () => {
  it("offers a search for something like it, the newest resources and the way home", async () => {
    stubFetch({});
    const { router } = renderScreen(ResourceNotFoundPage, "/resources/gone-unit", "/resources/:name");
    expect(screen.getByRole("heading", { level: 1, name: "Resource not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the newest resources" }).getAttribute("href")).toBe("/new");
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search for resources like it" }), {
      target: { value: "  fraction games " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toBe("?q=fraction%20games");
  });
});
