/**
 * The 13-colour pool (spec section 3): 12 tile colours and a 13th for the message tile,
 * in dark and light variants. `text` is the readable text colour on that tile (WCAG AA, checked in tests).
 */
export interface ColorEntry {
  id: number;
  name: string;
  css: string;
  cssVarName: string;
}

export const DEFAULT_COLORS: ReadonlyArray<Omit<ColorEntry, "id">> = [
  { name: "tile-1", css: "#1d4ed8", cssVarName: "--tile-1" },
  { name: "tile-2", css: "#fde68a", cssVarName: "--tile-2" },
  { name: "tile-3", css: "#047857", cssVarName: "--tile-3" },
  { name: "tile-4", css: "#fbcfe8", cssVarName: "--tile-4" },
  { name: "tile-5", css: "#7c2d12", cssVarName: "--tile-5" },
  { name: "tile-6", css: "#bae6fd", cssVarName: "--tile-6" },
  { name: "tile-7", css: "#6d28d9", cssVarName: "--tile-7" },
  { name: "tile-8", css: "#d9f99d", cssVarName: "--tile-8" },
  { name: "tile-9", css: "#b91c1c", cssVarName: "--tile-9" },
  { name: "tile-10", css: "#fed7aa", cssVarName: "--tile-10" },
  { name: "tile-11", css: "#0f766e", cssVarName: "--tile-11" },
  { name: "tile-12", css: "#e9d5ff", cssVarName: "--tile-12" },
  { name: "message", css: "#111827", cssVarName: "--tile-message" },
];

export const CSS_VAR_NAME = /^--[a-z][a-z0-9-]{0,40}$/;
export const CSS_COLOR = /^#[0-9a-f]{6}$/i;

/** Relative luminance per WCAG 2.1. */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const DARK_TEXT = "#111827";
export const LIGHT_TEXT = "#ffffff";

/** Dark text on light tiles and light on dark, whichever contrasts more. */
export function textColorFor(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

type Paint = Pick<ColorEntry, "css" | "cssVarName">;

/**
 * Each colour as its CSS variable, plus "{name}-text": the readable text colour on it. Entries whose name or
 * value is not a plain variable name and hex colour are left out, so the result is safe to write into CSS.
 */
export function colorVariables(colors: readonly Paint[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const { css, cssVarName } of colors) {
    if (!CSS_VAR_NAME.test(cssVarName) || !CSS_COLOR.test(css)) continue;
    vars[cssVarName] = css;
    vars[`${cssVarName}-text`] = textColorFor(css);
  }
  return vars;
}

/** The same variables as one `:root` rule: the served page paints its first frame in the admin's colours. */
export function colorVariablesCss(colors: readonly Paint[]): string {
  const declarations = Object.entries(colorVariables(colors)).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(";")}}`;
}
