import { cleanup, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../test/render.tsx";
import { AdView, type ShownAd } from "./AdSlot.tsx";
import { adScopeSelector, scopeAdCss } from "./ad-css.ts";

const ad = (overrides: Partial<ShownAd> = {}): ShownAd => ({
  id: "0b6f3c1e-1111-4a4a-9999-123456789abc",
  ad_type: "2",
  title: "Reading Buddies",
  subtitle: "Books for two",
  subject: "Reading",
  description: null,
  button: null,
  statement: "This card was paid for by a member of the community.",
  discount_code: null,
  business_name: null,
  business_image: null,
  image_url: "ads/x/wide.webp",
  image_fit: "fill",
  image_focus_x: 50,
  image_focus_y: 50,
  click_url: "https://buddies.example.com",
  css_override: null,
  code: null,
  ...overrides,
});

const show = (element: ReactElement) => renderScreen(() => element, "/").container;

describe("an ad in its slot (AdView, issue 18)", () => {
  it("draws the image as the advertiser placed it: the whole image, or filled around the focal point", () => {
    const whole = show(<AdView ad={ad({ image_fit: "fit" })} placement="card" />).querySelector("img")!;
    expect(whole.style.objectFit).toBe("contain");
    const filled = show(
      <AdView ad={ad({ image_fit: "fill", image_focus_x: 0, image_focus_y: 30 })} placement="card" />,
    ).querySelector("img")!;
    expect(filled.style.objectFit).toBe("cover");
    expect(filled.style.objectPosition).toBe("0% 30%");
    // Every slot of the type keeps the type's proportions (300 x 388 for the grid card).
    expect(filled.style.aspectRatio).toBe("300 / 388");
  });

  it("applies an admin's styling inside the ad's own box only", () => {
    const container = show(
      <AdView
        ad={ad({
          css_override: "body { display: none } .ad-title { color: rgb(1, 2, 3) } @import url(x.css);",
        })}
        placement="card"
      />,
    );
    const style = container.querySelector("style")?.textContent ?? "";
    expect(style.startsWith(`@scope (${adScopeSelector(ad().id)})`)).toBe(true);
    expect(style).toContain(".ad-title");
    expect(style).not.toContain("@import");
    expect(container.querySelector(`[data-ad-scope="${ad().id}"]`)).not.toBeNull();
  });

  it("shows the admin's markup in a frame sandboxed with no permissions, and plain text as text", async () => {
    show(<AdView ad={ad({ code: "<b>20% off</b>" })} placement="card" />);
    const frame = await screen.findByTitle("A note from the advertiser");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("<b>20% off</b>");
    cleanup();
    show(<AdView ad={ad({ code: "Sponsor of the month" })} placement="card" />);
    expect(await screen.findByText("Sponsor of the month")).toBeTruthy();
    expect(screen.queryByTitle("A note from the advertiser")).toBeNull();
  });
});

describe("scoping an ad's CSS (scopeAdCss)", () => {
  const scope = adScopeSelector("ad-1");

  it("wraps the rules in one @scope of the ad's box, keeping @media and dropping page-wide at-rules", () => {
    const scoped = scopeAdCss(
      "@import url(evil.css); @font-face { font-family: X; src: url(x.woff) } @keyframes pulse { to { opacity: 0 } } .ad-title { color: red } @media (min-width: 600px) { .ad-button { color: blue } }",
      scope,
    );
    expect(scoped).not.toBeNull();
    expect(scoped!.startsWith(`@scope (${scope}) {`)).toBe(true);
    for (const gone of ["@import", "@font-face", "@keyframes"]) expect(scoped).not.toContain(gone);
    expect(scoped).toContain(".ad-title");
    expect(scoped).toContain("@media (min-width: 600px)");
  });

  it("takes declarations alone as the ad box's own", () => {
    expect(scopeAdCss("background: #fef3c7", scope)).toContain(":scope");
  });

  it("gives nothing for empty or unusable CSS", () => {
    expect(scopeAdCss("", scope)).toBeNull();
    expect(scopeAdCss(null, scope)).toBeNull();
    expect(scopeAdCss("@import url(x.css);", scope)).toBeNull();
  });

  it("names the ad's box by safe characters only", () => {
    expect(adScopeSelector('x"] body, [a="')).toBe('[data-ad-scope="xbodya"]');
  });
});
