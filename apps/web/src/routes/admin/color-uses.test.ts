import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_COLORS } from "@market/domain";
import { describe, expect, it } from "vitest";
import { colorUses, ROLE_COLORS } from "./color-uses.ts";

/** The stylesheet itself (read from disk: the test runner does not load CSS). */
const styles = readFileSync(join(import.meta.dirname, "../../styles.css"), "utf8");

describe("where each colour of the pool is used", () => {
  it("follows the theme: the accent, warning and message colours are the pool colours styles.css says", () => {
    for (const [role, name] of Object.entries(ROLE_COLORS)) {
      const variable = DEFAULT_COLORS.find((c) => c.name === name)?.cssVarName;
      expect({ role, line: styles.includes(`--color-${role}: var(${variable});`) }).toEqual({
        role,
        line: true,
      });
    }
    // Every pool colour styles.css paints something with directly is listed for that colour.
    const painted = new Set([...styles.matchAll(/var\(--tile-(\d+)\)/g)].map((m) => `tile-${m[1]}`));
    for (const name of painted) expect(colorUses(name).length).toBeGreaterThan(0);
  });

  it("tells an admin that tile colour 1 repaints the main buttons, not only tiles", () => {
    expect(colorUses("tile-1").map((u) => u.use)).toEqual(["accent", "tiles", "subject", "signUpPanel"]);
    expect(colorUses("tile-9").map((u) => u.use)).toEqual(["danger", "tiles"]);
    expect(colorUses("message").map((u) => u.use)).toEqual(["messageTile", "notices"]);
    expect(colorUses("tile-12")).toEqual([{ use: "tiles", position: 12 }]);
    for (const color of DEFAULT_COLORS) expect(colorUses(color.name).length).toBeGreaterThan(0);
  });
});
