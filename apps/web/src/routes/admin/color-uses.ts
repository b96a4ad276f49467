/**
 * Where each colour of the pool shows on the site, so an admin sees what a change repaints before saving it.
 * The site's own colours derive from the pool in styles.css (the accent is tile 1, warnings tile 9, notices
 * the message colour; color-uses.test.ts holds this list to that file); resource tiles cycle through the 12
 * tile colours by position (components/tile-colors.ts); the home page gives each subject a tile colour.
 */

/** The kinds of element a colour paints, each with a sample the colours editor draws in the new colour. */
export type ColorUse = "accent" | "danger" | "messageTile" | "notices" | "tiles" | "subject" | "signUpPanel";

/** The site's role colours: the theme variable in styles.css and the pool colour it takes. */
export const ROLE_COLORS = {
  accent: "tile-1",
  danger: "tile-9",
  message: "message",
} as const;

/** The subject shortcuts of the home page and their tile colours (routes/catalogue/HomePage.tsx). */
const SUBJECT_OF_TILE: Record<number, string> = {
  1: "Math",
  2: "English Language Arts",
  3: "Science",
  4: "Social Studies",
  5: "Arts",
  6: "Music",
  7: "Physical Education",
  8: "World Languages",
  10: "Special Education",
  11: "Other",
};

/** The tile colours the sign-up page's decorative background is painted with (styles.css). */
const SIGN_UP_PANEL_TILES = new Set([1, 2, 3, 4, 5, 6, 7]);

const TILE = /^tile-(\d+)$/;

/** A pool colour's number as a tile colour (1 to 12), or null for the message colour. */
export function tileNumber(name: string): number | null {
  const match = TILE.exec(name);
  return match ? Number(match[1]) : null;
}

/** Everything a pool colour paints, the site-wide roles first (they reach the most screens). */
export function colorUses(name: string): { use: ColorUse; subject?: string; position?: number }[] {
  const uses: { use: ColorUse; subject?: string; position?: number }[] = [];
  if (name === ROLE_COLORS.accent) uses.push({ use: "accent" });
  if (name === ROLE_COLORS.danger) uses.push({ use: "danger" });
  if (name === ROLE_COLORS.message) uses.push({ use: "messageTile" }, { use: "notices" });
  const n = tileNumber(name);
  if (n !== null) {
    uses.push({ use: "tiles", position: n });
    const subject = SUBJECT_OF_TILE[n];
    if (subject) uses.push({ use: "subject", subject });
    if (SIGN_UP_PANEL_TILES.has(n)) uses.push({ use: "signUpPanel" });
  }
  return uses;
}
