import {
  COUNTS,
  type ColorEntry,
  CSS_COLOR,
  DEFAULT_COLORS,
  type ResourceCard,
  textColorFor,
} from "@market/domain";

type Swatch = Pick<ColorEntry, "name" | "css" | "cssVarName">;

export interface TilePaint {
  /** The pool colour used, or null for a resource's own background colour. */
  name: string | null;
  background: string;
  color: string;
}

const TILE_NAME = /^tile-(\d+)$/;

/** The 12 tile colours of the pool in order (the 13th, "message", is not a tile colour). */
export function tilePalette(colors: readonly Swatch[] | undefined): Swatch[] {
  const source = colors && colors.length > 0 ? colors : DEFAULT_COLORS;
  return source
    .filter((c) => TILE_NAME.test(c.name))
    .sort((a, b) => Number(TILE_NAME.exec(a.name)?.[1]) - Number(TILE_NAME.exec(b.name)?.[1]))
    .slice(0, COUNTS.tileColors);
}

/** A colour may be named by its pool name, its variable (with or without "--") or its hex value. */
function matches(swatch: Swatch, ref: string): boolean {
  const wanted = ref.trim().toLowerCase();
  return [swatch.name, swatch.cssVarName, swatch.cssVarName.replace(/^--/, ""), swatch.css].some(
    (alias) => alias.toLowerCase() === wanted,
  );
}

const fromSwatch = (swatch: Swatch): TilePaint => ({
  name: swatch.name,
  background: `var(${swatch.cssVarName})`,
  color: `var(${swatch.cssVarName}-text)`,
});

/**
 * The colour of the tile at a grid position: the resource's own backgroundColor when set; otherwise the tile
 * colours cycle by position, skipping the colours the resource excludes. Text is the readable colour on it.
 */
export function chooseTileColor(
  index: number,
  resource: Pick<ResourceCard, "backgroundColor" | "excluded_colors">,
  palette: readonly Swatch[],
): TilePaint {
  const own = resource.backgroundColor?.trim();
  if (own) {
    const pooled = palette.find((swatch) => matches(swatch, own));
    if (pooled) return fromSwatch(pooled);
    if (CSS_COLOR.test(own)) return { name: null, background: own, color: textColorFor(own) };
  }
  const size = palette.length;
  const start = ((index % size) + size) % size;
  for (let step = 0; step < size; step += 1) {
    const swatch = palette[(start + step) % size];
    if (swatch && !resource.excluded_colors.some((ref) => matches(swatch, ref))) return fromSwatch(swatch);
  }
  const fallback = palette[start] ?? DEFAULT_COLORS[0];
  return fallback ? fromSwatch(fallback) : { name: null, background: "#ffffff", color: "#111827" };
}
