import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { RichText } from "./RichText.tsx";

const SITE = "https://lessonloft.example";
const ALLOWED: Record<string, string[]> = {
  DIV: ["class"],
  BR: [],
  A: ["href", "target", "rel", "class", "data-discover"],
};

function renderRichText(text: string) {
  const { container } = render(
    <MemoryRouter>
      <RichText text={text} siteOrigin={SITE} />
    </MemoryRouter>,
  );
  return container;
}

const HOSTILE = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">js</a>',
  '<a href="  JaVaScRiPt:alert(1)">js2</a>',
  '<a href="&#106;avascript:alert(1)">js3</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
  '<a href="https://example.org" onclick="steal()" onmouseover="x()" style="color:red">site</a>',
  '<a href="/x"><img src=x onerror=alert(1)><script>y()</script></a>',
  "<div><p><b>nested</b></p></div>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  '<svg onload="alert(1)"><iframe src="javascript:alert(1)"></iframe>',
  '<br onclick="x">',
  '<a href="/ok" target="_top" id="hijack" name="n">ok</a>',
  "<style>*{display:none}</style><form action=/x><input>",
];

describe("RichText renders only text, br and checked links", () => {
  it.each(HOSTILE)("%s", (markup) => {
    const container = renderRichText(markup);
    for (const element of container.querySelectorAll("*")) {
      expect(Object.keys(ALLOWED)).toContain(element.tagName);
      for (const attribute of element.getAttributeNames())
        expect(ALLOWED[element.tagName]).toContain(attribute);
      if (element.tagName === "A") expect(element.getAttribute("href")).toMatch(/^(\/|https?:\/\/)/);
    }
    expect(container.querySelector("script, img, iframe, svg, style, form, input")).toBeNull();
  });

  it("shows the markup it does not render as text", () => {
    const container = renderRichText("<b>bold</b> &amp; <script>x</script>");
    expect(container.textContent).toBe("<b>bold</b> & <script>x</script>");
  });

  it("appends /view to resource links, makes own-site links relative and opens others outside", () => {
    const container = renderRichText(
      `<a href="${SITE}/resources/maps">maps</a><br><a href="${SITE}/help">help</a><br><a href="https://example.org/a">out</a>`,
    );
    const [maps, help, out] = Array.from(container.querySelectorAll("a"));
    expect(maps?.getAttribute("href")).toBe("/resources/maps/view");
    expect(maps?.getAttribute("target")).toBeNull();
    expect(help?.getAttribute("href")).toBe("/help");
    expect(out?.getAttribute("href")).toBe("https://example.org/a");
    expect(out?.getAttribute("target")).toBe("_blank");
    expect(out?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(container.querySelectorAll("br")).toHaveLength(2);
  });
});
