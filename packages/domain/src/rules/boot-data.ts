import type { ColorEntry } from "./colors.ts";
import type { SiteSettings } from "./site-settings.ts";

/**
 * The site's configuration carried in the page itself (`<script id="boot-data" type="application/json">`
 * in the served index.html): the answers of the five configuration calls every visit makes first
 * (front-end settings, the offline flag, texts, colours, the CSS override), so a phone draws the page
 * without a round trip for them. The same for everybody; the web app falls back to the calls without it.
 * (No schemas here: the web app's first bundle imports this, and stays free of zod.)
 */
export interface SiteBootData {
  offlineMode: boolean;
  settings: SiteSettings;
  texts: Record<string, string>;
  colors: ColorEntry[];
  cssOverride: string;
  /**
   * A landing page's first API answers (home's lists, a resource), by the exact address the web app asks
   * (`/api/resources?page=1&…`): a visitor's first screen is drawn without waiting for them.
   */
  answers?: Record<string, unknown>;
}

/** The id of the element that carries SiteBootData in the page. */
export const BOOT_DATA_ELEMENT_ID = "boot-data";
