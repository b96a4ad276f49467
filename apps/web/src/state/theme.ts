import { type ColorEntry, colorVariables } from "@market/domain";

type Paint = Pick<ColorEntry, "css" | "cssVarName">;

/** Sets the variables on :root through the CSSOM, which the CSP allows (no inline markup involved). */
export function applyColorVariables(root: HTMLElement, colors: readonly Paint[]): void {
  for (const [name, value] of Object.entries(colorVariables(colors))) root.style.setProperty(name, value);
}

const OVERRIDE_ID = "css-override";
let overrideSheet: CSSStyleSheet | undefined;

/**
 * The admin's CSS override, added after the app's own styles. A constructed stylesheet where the browser
 * has them, else a <style> element created from script; neither needs an inline <script>.
 */
export function applyCssOverride(css: string, doc: Document = document): void {
  const canAdopt =
    "adoptedStyleSheets" in doc &&
    typeof CSSStyleSheet !== "undefined" &&
    "replaceSync" in CSSStyleSheet.prototype;
  if (canAdopt) {
    if (!overrideSheet) {
      overrideSheet = new CSSStyleSheet();
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, overrideSheet];
    }
    overrideSheet.replaceSync(css);
    return;
  }
  let style = doc.getElementById(OVERRIDE_ID);
  if (!style) {
    style = doc.createElement("style");
    style.id = OVERRIDE_ID;
    doc.head.append(style);
  }
  style.textContent = css;
}
