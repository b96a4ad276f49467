import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAfterFirstPaint } from "./after-first-paint.ts";

function Probe({ label }: { label: string }) {
  return <p>{`${label}: ${useAfterFirstPaint() ? "whole" : "first screen"}`}</p>;
}

describe("useAfterFirstPaint", () => {
  it("renders the first screen alone, the rest once painted, and later screens whole at once", async () => {
    const first = render(<Probe label="landing" />);
    expect(screen.getByText("landing: first screen")).toBeTruthy();
    expect(await screen.findByText("landing: whole")).toBeTruthy();
    first.unmount();
    render(<Probe label="next" />);
    expect(screen.getByText("next: whole")).toBeTruthy();
  });
});
