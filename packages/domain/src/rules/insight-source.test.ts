import { describe, expect, it } from "vitest";
import { classifyVisit } from "./insight-source.ts";

const siteHost = "lessonloft.test";
const visit = (previous: string | null, referrer = "", page = "/resources/fractions-fun") =>
  classifyVisit({ page, previous, referrer, siteHost });

describe("where a visit to a resource's page came from", () => {
  it("names the in-app page before it: search, grids, featured, a profile", () => {
    expect(visit("/?q=fractions")).toEqual({ source: "search" });
    expect(visit("/?q=fractions&page=2&grade=3")).toEqual({ source: "search" });
    expect(visit("/")).toEqual({ source: "grid" });
    expect(visit("/?grade=3&subject=Math")).toEqual({ source: "grid" });
    expect(visit("/?q=%20")).toEqual({ source: "grid" });
    expect(visit("/new?page=3")).toEqual({ source: "grid" });
    expect(visit("/resources/decimals-bundle")).toEqual({ source: "grid" });
    expect(visit("/featured")).toEqual({ source: "featured" });
    expect(visit("/profile/@ms-rivera")).toEqual({ source: "profile" });
    expect(visit("/profile/@ms-rivera/resources")).toEqual({ source: "profile" });
  });

  it("counts pages that say nothing of how it was found as direct", () => {
    expect(visit("/library")).toEqual({ source: "direct" });
    expect(visit("/earnings/insight")).toEqual({ source: "direct" });
    expect(visit("/profile/settings")).toEqual({ source: "direct" });
    expect(visit(null)).toEqual({ source: "direct" });
  });

  it("counts a link with a ref code or a gift as a referral, whatever came before", () => {
    expect(visit("/?q=maths", "", "/resources/fractions-fun?refCode=ABC123")).toEqual({ source: "referral" });
    expect(visit(null, "https://mail.example.com/", "/resources/x?ref=ABCD")).toEqual({ source: "referral" });
    expect(visit("/ref?refCode=ABC123&to=/resources/x")).toEqual({ source: "referral" });
    // An empty parameter is no code.
    expect(visit(null, "", "/resources/x?refCode=")).toEqual({ source: "direct" });
  });

  it("reads the first page's referrer: another site by its origin alone, this site like an in-app page", () => {
    expect(visit(null, "https://www.pinterest.com/pin/123?utm=x#y")).toEqual({
      source: "external",
      referrer: "https://www.pinterest.com/",
    });
    expect(visit(null, "https://lessonloft.test/?q=tides")).toEqual({ source: "search" });
    expect(visit(null, "https://LessonLoft.test/featured")).toEqual({ source: "featured" });
    // Another port is another site.
    expect(visit(null, "http://lessonloft.test:8080/")).toEqual({
      source: "external",
      referrer: "http://lessonloft.test:8080/",
    });
  });

  it("prefers the in-app page to the referrer, which an app's later pages keep from the first load", () => {
    expect(visit("/featured", "https://www.google.com/")).toEqual({ source: "featured" });
  });

  it("treats what is not a web address as nothing known", () => {
    expect(visit(null, "android-app://com.google.android.gm/")).toEqual({ source: "direct" });
    expect(visit(null, "not a url")).toEqual({ source: "direct" });
  });
});
