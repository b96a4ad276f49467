import { REF_CODE_PARAM } from "./cookies.ts";
import type { InsightSource } from "./insight.ts";

/**
 * Where a visit to a resource's page came from (issue 23), decided in the browser from what it knows:
 * the page's own address, the in-app page shown before it, and the document's referrer for the first page
 * of a visit. The server only counts what it is told; this rule is the one place that names a page's kind.
 */
export interface VisitOrigin {
  /** The resource page's own address (path and query, or absolute). */
  page: string;
  /** The page of this site shown just before, when the app knows it (path and query, or absolute). */
  previous?: string | null;
  /** `document.referrer`: another site, this site (a full page load), or empty. */
  referrer?: string | null;
  /** This site's host ("example.org" or "localhost:3000"), to tell its own pages from other sites. */
  siteHost: string;
}

export interface VisitSource {
  source: InsightSource;
  /** For "external" only: the other site's address, its origin alone (no path or query is sent on). */
  referrer?: string;
}

/** Query parameters that make a link a referral: the ref code (spec section 4), a short "ref", a gift. */
const REFERRAL_PARAMS = [REF_CODE_PARAM, "ref", "gift"] as const;

/** Any base would do: in-app addresses are paths, and only their path and query are read. */
const BASE = "http://site.invalid";

function parse(address: string): URL | null {
  try {
    return new URL(address, BASE);
  } catch {
    return null;
  }
}

const carriesReferral = (url: URL) => REFERRAL_PARAMS.some((name) => url.searchParams.get(name));

/**
 * The kind of a page of this site a visitor left for a resource: the catalogue with words typed is a
 * search; the catalogue, new, and another resource's lists (a bundle's contents, its shelves) are grids;
 * the featured list; a creator's profile; the referral forwarder (/ref). Any other page (the library, a
 * checkout, help) says nothing about how the resource was found: direct.
 */
export function sourceOfPage(url: URL): InsightSource {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (path === "/ref" || carriesReferral(url)) return "referral";
  if (path === "/") return url.searchParams.get("q")?.trim() ? "search" : "grid";
  if (path === "/featured") return "featured";
  if (path === "/new" || path === "/index-all" || path.startsWith("/resources/")) return "grid";
  if (path === "/portfolio" || /^\/profile\/@[^/]+/.test(path)) return "profile";
  return "direct";
}

/**
 * The source of one page view. A referral parameter on the page itself wins (the link was shared with a
 * code); then the in-app page before it; then, on the first page of a visit, the referrer: this site's
 * own page (a reload, a new tab) is classified like an in-app one, another site is "external" with its
 * origin, and nothing known is "direct".
 */
export function classifyVisit(origin: VisitOrigin): VisitSource {
  const page = parse(origin.page);
  if (page && carriesReferral(page)) return { source: "referral" };
  const previous = origin.previous ? parse(origin.previous) : null;
  if (previous) return { source: sourceOfPage(previous) };
  if (!origin.referrer) return { source: "direct" };
  let referrer: URL;
  try {
    referrer = new URL(origin.referrer);
  } catch {
    return { source: "direct" };
  }
  if (referrer.protocol !== "http:" && referrer.protocol !== "https:") return { source: "direct" };
  if (referrer.host.toLowerCase() === origin.siteHost.toLowerCase())
    return { source: sourceOfPage(referrer) };
  return { source: "external", referrer: `${referrer.protocol}//${referrer.host}/` };
}
