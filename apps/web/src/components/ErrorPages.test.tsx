import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FatalErrorBoundary } from "./ErrorPages.tsx";

function Broken(): never {
  throw new Error("the error page broke");
}

describe("FatalErrorBoundary", () => {
  it("shows the fatal message, the details and a link home when the error page fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <FatalErrorBoundary>
        <Broken />
      </FatalErrorBoundary>,
    );
    expect(
      screen.getByRole("heading", { level: 1, name: "An error occurred while showing the error page" }),
    ).toBeTruthy();
    expect(screen.getByText("the error page broke")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go back to home" }).getAttribute("href")).toBe("/");
  });
});
