import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render.tsx";
import { Button } from "./Button.tsx";
import { TextField } from "./fields.tsx";
import { Price } from "./Price.tsx";
import { Sheet } from "./Sheet.tsx";

function Title() {
  const [value, setValue] = useState("Fractions");
  return (
    <TextField
      id="title"
      label="Title"
      hint="What teachers will search for"
      count={{ used: value.length, max: 12 }}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

function Description() {
  const [value, setValue] = useState("Too short.");
  return (
    <TextField
      id="description"
      label="Description"
      count={{ used: value.length, min: 20, max: 30 }}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

function Filters() {
  const [open, setOpen] = useState(true);
  return (
    <Sheet open={open} onOpenChange={setOpen} title="Filters">
      <p>Grade</p>
    </Sheet>
  );
}

describe("ui primitives", () => {
  it("a field ties its hint, live count and error to the control, and marks it invalid when over its limit", () => {
    renderScreen(Title, "/");
    const input = screen.getByLabelText("Title");
    expect(input.getAttribute("aria-describedby")).toBe("title-hint title-count");
    expect(screen.getByText("9 of 12 characters")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(input, { target: { value: "Fractions on a number line" } });
    expect(screen.getByText("26 of 12 characters").className).toContain("text-danger");
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("a count with a minimum shows the range, and only going over it is an error", () => {
    renderScreen(Description, "/");
    const input = screen.getByLabelText("Description");
    expect(screen.getByText("10 of 20 to 30 characters").className).not.toContain("text-danger");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(input, { target: { value: "x".repeat(31) } });
    expect(screen.getByText("31 of 20 to 30 characters").className).toContain("text-danger");
  });

  it("a busy button says so, keeps its label and takes no second press", () => {
    let presses = 0;
    renderScreen(
      () => (
        <Button busy onClick={() => (presses += 1)}>
          Buy for $4.00
        </Button>
      ),
      "/",
    );
    const button = screen.getByRole("button", { name: "Buy for $4.00" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(button);
    expect(presses).toBe(0);
  });

  it("a price says Free, the price, or the sale beside what it was", () => {
    renderScreen(
      () => (
        <ul>
          <li>
            <Price cents={0} />
          </li>
          <li>
            <Price cents={499} />
          </li>
          <li>
            <Price cents={600} saleCents={450} />
          </li>
        </ul>
      ),
      "/",
    );
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual(["Free", "$4.99", "$4.50was $6.00"]);
  });

  it("a sheet is a labelled dialog that Escape closes", async () => {
    renderScreen(Filters, "/");
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    expect(within(sheet).getByRole("button", { name: "Close" })).toBeTruthy();
    fireEvent.keyDown(sheet, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
