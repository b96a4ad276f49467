import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { StarInput, starsForKey } from "./StarInput.tsx";

const LABELS = [
  "1 star — Poor",
  "2 stars — Fair",
  "3 stars — Good",
  "4 stars — Very good",
  "5 stars — Excellent",
] as const;

function Rating({ start = null, error }: { start?: number | null; error?: string }) {
  const [value, setValue] = useState<number | null>(start);
  return (
    <form>
      <StarInput
        id="rating"
        name="rating"
        legend="Your rating"
        value={value}
        onChange={setValue}
        optionLabels={LABELS}
        error={error}
      />
      <output data-testid="value">{value ?? "none"}</output>
    </form>
  );
}

const star = (name: string) => screen.getByRole("radio", { name }) as HTMLInputElement;
const chosen = () => screen.getByTestId("value").textContent;

describe("StarInput", () => {
  it("is a group named by its legend with five radios of one name, each named for its stars", () => {
    render(<Rating />);
    const group = screen.getByRole("group", { name: "Your rating" });
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual([...LABELS]);
    expect(new Set(radios.map((r) => r.name))).toEqual(new Set(["rating"]));
    expect(radios.every((r) => group.contains(r) && !r.checked)).toBe(true);
    // Every star is a 44 px target for a finger (size-11) and shows its radio's keyboard focus.
    const label = radios[0]?.closest("label");
    expect(label?.className).toContain("size-11");
    expect(label?.className).toContain("has-[:focus-visible]:outline-3");
  });

  it("chooses the stars pressed and says the choice", () => {
    render(<Rating />);
    fireEvent.click(screen.getByText("4 stars — Very good"));
    expect(chosen()).toBe("4");
    expect(star("4 stars — Very good").checked).toBe(true);
    expect(screen.getAllByText("4 stars — Very good")).toHaveLength(2);
  });

  it("steps with the arrow keys, stops at 1 and 5, and jumps with Home, End and digits, moving focus along", () => {
    render(<Rating />);
    const first = star("1 star — Poor");
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(chosen()).toBe("1");
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowRight" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowUp" });
    expect(chosen()).toBe("3");
    expect(document.activeElement).toBe(star("3 stars — Good"));
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowLeft" });
    expect(chosen()).toBe("2");
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowRight" });
    expect(chosen()).toBe("5");
    expect(document.activeElement).toBe(star("5 stars — Excellent"));
    fireEvent.keyDown(document.activeElement as Element, { key: "Home" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(chosen()).toBe("1");
    fireEvent.keyDown(document.activeElement as Element, { key: "4" });
    expect(chosen()).toBe("4");
    expect(star("4 stars — Very good").checked).toBe(true);
    // Tab and other keys are left to the browser.
    fireEvent.keyDown(document.activeElement as Element, { key: "Tab" });
    fireEvent.keyDown(document.activeElement as Element, { key: "7" });
    expect(chosen()).toBe("4");
  });

  it("ties its error to the group and marks the radios invalid", () => {
    render(<Rating error="Choose from 1 to 5 stars" />);
    const group = screen.getByRole("group", { name: "Your rating" });
    expect(group.getAttribute("aria-describedby")).toBe("rating-error");
    expect(screen.getByText("Choose from 1 to 5 stars").id).toBe("rating-error");
    expect(star("2 stars — Fair").getAttribute("aria-invalid")).toBe("true");
  });

  it("maps keys to stars", () => {
    expect(starsForKey("ArrowRight", 0)).toBe(1);
    expect(starsForKey("ArrowLeft", 0)).toBe(1);
    expect(starsForKey("ArrowUp", 5)).toBe(5);
    expect(starsForKey("ArrowDown", 3)).toBe(2);
    expect(starsForKey("3", 5)).toBe(3);
    expect(starsForKey("0", 2)).toBeNull();
    expect(starsForKey("a", 2)).toBeNull();
  });
});
