import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TableHead } from "./Table.tsx";

describe("TableHead", () => {
  it("names each column, spaces every heading from the next one, and stands numbers to the right", () => {
    render(
      <table>
        <TableHead
          pad="py-1"
          gap="pr-3"
          columns={[
            { key: "what", label: "What", className: "min-w-40" },
            { key: "amount", label: "Amount", numeric: true },
            { key: "after", label: "Balance after", numeric: true },
          ]}
        />
      </table>,
    );
    const [what, amount, after] = screen.getAllByRole("columnheader");
    expect([what, amount, after].map((th) => th?.textContent)).toEqual(["What", "Amount", "Balance after"]);
    expect(what?.className).toBe("py-1 min-w-40 pr-3");
    expect(amount?.className).toBe("py-1 pr-3 text-right");
    // The last heading has nothing after it to be spaced from.
    expect(after?.className).toBe("py-1 text-right");
  });
});
