import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FirstFrame } from "./FirstFrame.tsx";

// The web project runs from apps/web (vitest.config.ts), whose index.html is the page the server sends.
const indexHtml = readFileSync(join(__dirname, "../../index.html"), "utf8");
const FRAME = /<!-- first frame[^>]*-->\s*([\s\S]*?)\s*<!-- \/first frame -->/;

describe("the first frame", () => {
  it("is what index.html paints before the scripts run (regenerate index.html's copy if this fails)", () => {
    const expected = renderToStaticMarkup(<FirstFrame siteName="Lesson Loft" />);
    expect(indexHtml.match(FRAME)?.[1], `index.html's #root should hold:\n${expected}`).toBe(expected);
  });

  it("shows the site's name beside the logo, in the slot the server fills", () => {
    const { container } = render(<FirstFrame siteName="Riverside Resources" />);
    expect(screen.getByText("Riverside Resources").getAttribute("data-site-name")).toBe("");
    expect(container.querySelector("header")).not.toBeNull();
  });
});
