import { INK, MUTED, RULE, regularPoints, type Sheet, tint } from "./pdf-draw.ts";

/**
 * Small pictures drawn with vector shapes, for task cards, posters and slides: fraction circles, ten
 * frames, base-ten blocks, rhythms, coins, faces, planets, weather. Each fits a box of `size` points
 * around its centre.
 */
export type Art =
  | { kind: "pie"; parts: number; shaded: number }
  | { kind: "set"; count: number; shaded: number }
  | { kind: "tenFrame"; count: number }
  | { kind: "shape"; shape: ShapeName }
  | { kind: "blocks"; hundreds: number; tens: number; ones: number }
  | { kind: "rhythm"; beats: readonly Beat[] }
  | { kind: "staffNote"; step: number }
  | { kind: "planet"; color: string; ring?: boolean }
  | { kind: "weather"; icon: "sun" | "cloud" | "rain" | "snow" | "wind" | "storm" }
  | { kind: "coin"; cents: 1 | 5 | 10 | 25 }
  | { kind: "face"; mood: "happy" | "sad" | "angry" | "calm" | "worried" | "excited" }
  | { kind: "swatches"; colors: readonly string[] }
  | { kind: "lineTypes" }
  | { kind: "figure"; pose: "tree" | "star" | "mountain" | "warrior" | "stretch" | "jump" }
  | { kind: "dots"; count: number }
  | { kind: "clock"; hour: number }
  | { kind: "badge"; text: string }
  | { kind: "house" }
  | { kind: "book" }
  | { kind: "pot" }
  | { kind: "plant"; stage: 0 | 1 | 2 | 3 }
  | { kind: "instrument"; name: "violin" | "flute" | "trumpet" };

export type ShapeName =
  | "circle"
  | "square"
  | "triangle"
  | "rectangle"
  | "hexagon"
  | "oval"
  | "star"
  | "pentagon"
  | "rhombus"
  | "heart";

/** q quarter, ee two eighths, h half, w whole, r quarter rest. */
export type Beat = "q" | "ee" | "h" | "w" | "r";

export function drawArt(s: Sheet, art: Art, cx: number, cy: number, size: number, color: string): void {
  const r = size / 2;
  switch (art.kind) {
    case "pie": {
      const radius = r * 0.9;
      for (let i = 0; i < art.parts; i += 1) {
        const a0 = -Math.PI / 2 + (i * 2 * Math.PI) / art.parts;
        const a1 = -Math.PI / 2 + ((i + 1) * 2 * Math.PI) / art.parts;
        const large = a1 - a0 > Math.PI ? 1 : 0;
        const p0 = [cx + radius * Math.cos(a0), cy + radius * Math.sin(a0)];
        const p1 = [cx + radius * Math.cos(a1), cy + radius * Math.sin(a1)];
        const d =
          art.parts === 1
            ? ""
            : `M ${cx} ${cy} L ${p0[0]} ${p0[1]} A ${radius} ${radius} 0 ${large} 1 ${p1[0]} ${p1[1]} Z`;
        if (d) s.path(d, { fill: i < art.shaded ? color : "#ffffff", stroke: INK, width: 1.2 });
      }
      if (art.parts === 1)
        s.circle(cx, cy, radius, { fill: art.shaded ? color : "#ffffff", stroke: INK, width: 1.2 });
      return;
    }
    case "set": {
      const cols = Math.ceil(Math.sqrt(art.count));
      const rows = Math.ceil(art.count / cols);
      const step = Math.min(size / cols, size / rows);
      for (let i = 0; i < art.count; i += 1) {
        const x = cx - ((cols - 1) * step) / 2 + (i % cols) * step;
        const y = cy - ((rows - 1) * step) / 2 + Math.floor(i / cols) * step;
        s.circle(x, y, step * 0.36, { fill: i < art.shaded ? color : "#ffffff", stroke: INK, width: 1 });
      }
      return;
    }
    case "tenFrame": {
      const frames = art.count > 10 ? 2 : 1;
      const cell = Math.min(size / 5, (size * 0.9) / (frames * 2 + (frames - 1) * 0.5));
      const w = cell * 5;
      let top = cy - (cell * (frames * 2 + (frames - 1) * 0.5)) / 2;
      for (let f = 0; f < frames; f += 1) {
        for (let i = 0; i < 10; i += 1) {
          const x = cx - w / 2 + (i % 5) * cell;
          const y = top + Math.floor(i / 5) * cell;
          s.rect(x, y, cell, cell, { stroke: INK, width: 1.2, fill: "#ffffff" });
          if (f * 10 + i < art.count) s.circle(x + cell / 2, y + cell / 2, cell * 0.34, { fill: color });
        }
        top += cell * 2.5;
      }
      return;
    }
    case "shape":
      drawShape(s, art.shape, cx, cy, r * 0.9, { fill: tint(color, 0.55), stroke: color, width: 2.5 });
      return;
    case "blocks": {
      const unit = size / 16;
      let x = cx - size / 2;
      const top = cy - unit * 5;
      for (let h = 0; h < art.hundreds; h += 1) {
        for (let i = 0; i < 10; i += 1)
          for (let j = 0; j < 10; j += 1)
            s.rect(x + j * unit * 0.5, top + i * unit, unit * 0.5, unit, { stroke: INK, width: 0.4 });
        s.rect(x, top, unit * 5, unit * 10, {
          stroke: INK,
          width: 1.2,
          fill: tint(color, 0.7),
          opacity: 0.6,
        });
        x += unit * 5.6;
      }
      for (let t = 0; t < art.tens; t += 1) {
        s.rect(x, top, unit * 0.9, unit * 10, { stroke: INK, width: 1, fill: tint(color, 0.5) });
        for (let i = 1; i < 10; i += 1)
          s.line(x, top + i * unit, x + unit * 0.9, top + i * unit, { width: 0.4 });
        x += unit * 1.3;
      }
      for (let o = 0; o < art.ones; o += 1) {
        s.rect(
          x + (o % 2) * unit * 1.2,
          top + unit * 10 - unit - Math.floor(o / 2) * unit * 1.2,
          unit,
          unit,
          {
            stroke: INK,
            width: 1,
            fill: tint(color, 0.3),
          },
        );
      }
      return;
    }
    case "rhythm": {
      const count = art.beats.length;
      const step = size / count;
      const base = cy + r * 0.45;
      s.line(cx - size / 2, base + 6, cx + size / 2, base + 6, { color: MUTED, width: 0.6 });
      art.beats.forEach((beat, i) => {
        const x = cx - size / 2 + step * (i + 0.5);
        drawBeat(s, beat, x, base, Math.min(step * 0.8, size * 0.32));
      });
      return;
    }
    case "staffNote": {
      const gap = size / 9;
      const left = cx - size / 2;
      const bottom = cy + gap * 2;
      for (let i = 0; i < 5; i += 1)
        s.line(left, bottom - i * gap, left + size, bottom - i * gap, { color: INK, width: 0.9 });
      drawTrebleClef(s, left + gap * 1.4, bottom - gap * 2, gap);
      // step 0 is the bottom line (E4); every step is half a gap.
      const y = bottom - (art.step * gap) / 2;
      const x = cx + gap * 1.5;
      if (art.step <= -2)
        s.line(x - gap * 1.1, bottom + gap, x + gap * 1.1, bottom + gap, { color: INK, width: 0.9 });
      s.ellipse(x, y, gap * 0.62, gap * 0.45, { fill: INK, rotate: 20 });
      s.line(x + gap * 0.56, y, x + gap * 0.56, y - gap * 3.3, { color: INK, width: 1.1 });
      return;
    }
    case "planet":
      s.circle(cx, cy, r * 0.62, { fill: art.color, stroke: INK, width: 0.8 });
      s.ellipse(cx - r * 0.2, cy - r * 0.22, r * 0.22, r * 0.12, { fill: "#ffffff", opacity: 0.35 });
      if (art.ring) s.ellipse(cx, cy, r * 0.98, r * 0.24, { stroke: "#a16207", width: 2.2, rotate: -15 });
      return;
    case "weather":
      drawWeather(s, art.icon, cx, cy, r);
      return;
    case "coin": {
      const sizes = { 1: 0.62, 5: 0.74, 10: 0.56, 25: 0.86 } as const;
      const cr = r * sizes[art.cents];
      const fill = art.cents === 1 ? "#d97706" : "#d1d5db";
      s.circle(cx, cy, cr, { fill, stroke: "#6b7280", width: 1.4 });
      s.circle(cx, cy, cr * 0.84, { stroke: "#9ca3af", width: 0.8 });
      s.text(`${art.cents}c`, cx, cy + cr * 0.22, {
        size: cr * 0.62,
        font: "bold",
        color: INK,
        align: "center",
      });
      return;
    }
    case "face":
      drawFace(s, art.mood, cx, cy, r * 0.9, color);
      return;
    case "swatches": {
      const n = art.colors.length;
      const w = size / n;
      art.colors.forEach((c, i) => {
        s.rect(cx - size / 2 + i * w + 2, cy - w / 2, w - 4, w - 4, { fill: c, radius: 6 });
      });
      return;
    }
    case "lineTypes": {
      const left = cx - r;
      const gap = size / 6;
      s.line(left, cy - gap * 2, left + size, cy - gap * 2, { color: INK, width: 3 });
      s.line(left, cy - gap, left + size, cy - gap, { color: INK, width: 3, dash: [10, 6] });
      let wave = `M ${left} ${cy}`;
      for (let i = 0; i < 6; i += 1) wave += ` q ${size / 12} ${i % 2 ? 14 : -14} ${size / 6} 0`;
      s.path(wave, { stroke: INK, width: 3 });
      let zig = `M ${left} ${cy + gap}`;
      for (let i = 1; i <= 8; i += 1) zig += ` L ${left + (i * size) / 8} ${cy + gap + (i % 2 ? -10 : 10)}`;
      s.path(zig, { stroke: INK, width: 3 });
      s.line(left, cy + gap * 2, left + size, cy + gap * 2, { color: INK, width: 1 });
      return;
    }
    case "figure":
      drawFigure(s, art.pose, cx, cy, size, color);
      return;
    case "dots": {
      const pts = regularPoints(cx, cy, r * 0.6, Math.max(art.count, 1));
      if (art.count === 1) s.circle(cx, cy, r * 0.16, { fill: color });
      else for (const [x, y] of pts) s.circle(x, y, r * 0.13, { fill: color });
      return;
    }
    case "clock": {
      s.circle(cx, cy, r * 0.9, { fill: "#ffffff", stroke: INK, width: 2 });
      for (let i = 0; i < 12; i += 1) {
        const a = (i * Math.PI) / 6;
        s.line(
          cx + Math.sin(a) * r * 0.75,
          cy - Math.cos(a) * r * 0.75,
          cx + Math.sin(a) * r * 0.85,
          cy - Math.cos(a) * r * 0.85,
          { color: INK, width: 1.2 },
        );
      }
      const ha = (art.hour * Math.PI) / 6;
      s.line(cx, cy, cx + Math.sin(ha) * r * 0.45, cy - Math.cos(ha) * r * 0.45, { color: INK, width: 2.5 });
      s.line(cx, cy, cx, cy - r * 0.68, { color: color, width: 1.6 });
      return;
    }
    case "badge":
      s.circle(cx, cy, r * 0.9, { fill: color });
      s.text(art.text, cx, cy + r * 0.3, { size: r * 0.85, font: "bold", color: "#ffffff", align: "center" });
      return;
    case "house":
      s.polygon(
        [
          [cx - r * 0.8, cy - r * 0.05],
          [cx, cy - r * 0.8],
          [cx + r * 0.8, cy - r * 0.05],
        ],
        { fill: color },
      );
      s.rect(cx - r * 0.6, cy - r * 0.05, r * 1.2, r * 0.85, {
        fill: tint(color, 0.6),
        stroke: color,
        width: 1.5,
      });
      s.rect(cx - r * 0.15, cy + r * 0.3, r * 0.3, r * 0.5, { fill: color });
      return;
    case "book":
      s.path(
        `M ${cx} ${cy - r * 0.5} Q ${cx - r * 0.4} ${cy - r * 0.7} ${cx - r * 0.85} ${cy - r * 0.55} L ${cx - r * 0.85} ${cy + r * 0.6} Q ${cx - r * 0.4} ${cy + r * 0.45} ${cx} ${cy + r * 0.65} Z`,
        { fill: tint(color, 0.6), stroke: color, width: 1.5 },
      );
      s.path(
        `M ${cx} ${cy - r * 0.5} Q ${cx + r * 0.4} ${cy - r * 0.7} ${cx + r * 0.85} ${cy - r * 0.55} L ${cx + r * 0.85} ${cy + r * 0.6} Q ${cx + r * 0.4} ${cy + r * 0.45} ${cx} ${cy + r * 0.65} Z`,
        { fill: tint(color, 0.75), stroke: color, width: 1.5 },
      );
      return;
    case "plant": {
      const ground = cy + r * 0.55;
      s.rect(cx - r * 0.8, ground, r * 1.6, r * 0.22, { fill: "#a16207", radius: 4 });
      if (art.stage === 0) {
        s.ellipse(cx, ground - r * 0.12, r * 0.26, r * 0.16, {
          fill: "#92400e",
          stroke: "#78350f",
          width: 1,
        });
        return;
      }
      const height = [0, 0.45, 0.8, 1.15][art.stage]! * r;
      s.line(cx, ground, cx, ground - height, { color: "#15803d", width: 2.4, round: true });
      const leaf = (y: number, dir: number, k: number) =>
        s.ellipse(cx + dir * r * 0.22 * k, y, r * 0.24 * k, r * 0.1 * k, {
          fill: "#4ade80",
          stroke: "#15803d",
          width: 1,
          rotate: dir * -30,
        });
      leaf(ground - height * 0.55, -1, 1);
      leaf(ground - height * 0.55, 1, 1);
      if (art.stage >= 2) {
        leaf(ground - height * 0.85, -1, 0.8);
        leaf(ground - height * 0.85, 1, 0.8);
      }
      if (art.stage === 3) {
        for (let i = 0; i < 6; i += 1) {
          const a = (i * Math.PI) / 3;
          s.circle(cx + Math.cos(a) * r * 0.17, ground - height + Math.sin(a) * r * 0.17, r * 0.13, {
            fill: "#f472b6",
          });
        }
        s.circle(cx, ground - height, r * 0.11, { fill: "#facc15" });
      }
      return;
    }
    case "instrument":
      drawInstrument(s, art.name, cx, cy, r);
      return;
    case "pot":
      s.path(
        `M ${cx - r * 0.7} ${cy - r * 0.35} Q ${cx - r * 0.85} ${cy + r * 0.7} ${cx} ${cy + r * 0.72} Q ${cx + r * 0.85} ${cy + r * 0.7} ${cx + r * 0.7} ${cy - r * 0.35} Z`,
        { fill: "#c2773a", stroke: "#7c2d12", width: 1.5 },
      );
      s.ellipse(cx, cy - r * 0.35, r * 0.7, r * 0.18, { fill: "#8a4b22", stroke: "#7c2d12", width: 1.5 });
      return;
  }
}

export function drawShape(
  s: Sheet,
  shape: ShapeName,
  cx: number,
  cy: number,
  r: number,
  o: { fill?: string; stroke?: string; width?: number },
): void {
  switch (shape) {
    case "circle":
      s.circle(cx, cy, r, o);
      return;
    case "square":
      s.rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6, o);
      return;
    case "rectangle":
      s.rect(cx - r, cy - r * 0.6, r * 2, r * 1.2, o);
      return;
    case "oval":
      s.ellipse(cx, cy, r, r * 0.65, o);
      return;
    case "triangle":
      s.polygon(regularPoints(cx, cy + r * 0.15, r, 3), o);
      return;
    case "hexagon":
      s.polygon(regularPoints(cx, cy, r, 6), o);
      return;
    case "pentagon":
      s.polygon(regularPoints(cx, cy, r, 5), o);
      return;
    case "rhombus":
      s.polygon(
        [
          [cx, cy - r],
          [cx + r * 0.7, cy],
          [cx, cy + r],
          [cx - r * 0.7, cy],
        ],
        o,
      );
      return;
    case "star":
      s.polygon(regularPoints(cx, cy, r, 5, r * 0.45), o);
      return;
    case "heart":
      s.path(
        `M ${cx} ${cy + r * 0.85} C ${cx - r * 1.6} ${cy - r * 0.2} ${cx - r * 0.6} ${cy - r * 1.2} ${cx} ${cy - r * 0.35} ` +
          `C ${cx + r * 0.6} ${cy - r * 1.2} ${cx + r * 1.6} ${cy - r * 0.2} ${cx} ${cy + r * 0.85} Z`,
        o,
      );
      return;
  }
}

function drawBeat(s: Sheet, beat: Beat, x: number, base: number, h: number): void {
  const head = (hx: number, filled: boolean) =>
    s.ellipse(hx, base, h * 0.2, h * 0.14, {
      fill: filled ? INK : "#ffffff",
      stroke: INK,
      width: 1.2,
      rotate: 20,
    });
  const stem = (hx: number) =>
    s.line(hx + h * 0.18, base - 1, hx + h * 0.18, base - h, { color: INK, width: 1.4 });
  switch (beat) {
    case "q":
      head(x, true);
      stem(x);
      return;
    case "h":
      head(x, false);
      stem(x);
      return;
    case "w":
      s.ellipse(x, base, h * 0.26, h * 0.16, { fill: "#ffffff", stroke: INK, width: 2 });
      return;
    case "ee": {
      const dx = h * 0.35;
      head(x - dx, true);
      head(x + dx, true);
      stem(x - dx);
      stem(x + dx);
      s.rect(x - dx + h * 0.17, base - h - 1, dx * 2 + 1.5, h * 0.14, { fill: INK });
      return;
    }
    case "r":
      s.path(
        `M ${x - h * 0.08} ${base - h * 0.9} L ${x + h * 0.1} ${base - h * 0.62} L ${x - h * 0.08} ${base - h * 0.4} ` +
          `L ${x + h * 0.1} ${base - h * 0.18} Q ${x - h * 0.2} ${base - h * 0.25} ${x} ${base}`,
        { stroke: INK, width: 2.2 },
      );
      return;
  }
}

function drawTrebleClef(s: Sheet, x: number, y: number, gap: number): void {
  // A stylised clef: spiral around the G line and a tall stroke with a tail.
  s.path(
    `M ${x + gap * 0.1} ${y + gap * 3} Q ${x - gap * 0.5} ${y + gap * 3.2} ${x - gap * 0.4} ${y + gap * 2.6} ` +
      `L ${x + gap * 0.3} ${y - gap * 3} Q ${x + gap * 0.9} ${y - gap * 3.6} ${x + gap * 0.5} ${y - gap * 2.2} ` +
      `Q ${x - gap * 0.9} ${y - gap * 0.6} ${x - gap * 0.8} ${y + gap * 0.8} Q ${x - gap * 0.6} ${y + gap * 1.9} ${x + gap * 0.4} ${y + gap * 1.7} ` +
      `Q ${x + gap * 1.2} ${y + gap * 1.3} ${x + gap * 0.8} ${y + gap * 0.4} Q ${x + gap * 0.2} ${y - gap * 0.2} ${x - gap * 0.1} ${y + gap * 0.6}`,
    { stroke: INK, width: 1.4 },
  );
}

function drawWeather(s: Sheet, icon: string, cx: number, cy: number, r: number): void {
  const cloud = (x: number, y: number, k: number, fill = "#e5e7eb") => {
    s.circle(x - k * 0.45, y + k * 0.1, k * 0.38, { fill, stroke: MUTED, width: 1 });
    s.circle(x + k * 0.45, y + k * 0.12, k * 0.34, { fill, stroke: MUTED, width: 1 });
    s.circle(x, y - k * 0.15, k * 0.5, { fill, stroke: MUTED, width: 1 });
    s.rect(x - k * 0.45, y + k * 0.05, k * 0.9, k * 0.42, { fill });
  };
  switch (icon) {
    case "sun":
      for (let i = 0; i < 8; i += 1) {
        const a = (i * Math.PI) / 4;
        s.line(
          cx + Math.cos(a) * r * 0.55,
          cy + Math.sin(a) * r * 0.55,
          cx + Math.cos(a) * r * 0.85,
          cy + Math.sin(a) * r * 0.85,
          { color: "#f59e0b", width: 2.5 },
        );
      }
      s.circle(cx, cy, r * 0.42, { fill: "#fbbf24", stroke: "#f59e0b", width: 1.5 });
      return;
    case "cloud":
      cloud(cx, cy, r * 0.8);
      return;
    case "rain":
      cloud(cx, cy - r * 0.2, r * 0.7);
      for (let i = -1; i <= 1; i += 1)
        s.line(cx + i * r * 0.35, cy + r * 0.45, cx + i * r * 0.35 - 5, cy + r * 0.75, {
          color: "#0284c7",
          width: 2,
        });
      return;
    case "snow":
      cloud(cx, cy - r * 0.2, r * 0.7);
      for (let i = -1; i <= 1; i += 1) s.circle(cx + i * r * 0.35, cy + r * 0.62, 2.6, { fill: "#38bdf8" });
      return;
    case "storm":
      cloud(cx, cy - r * 0.2, r * 0.7, "#9ca3af");
      s.polygon(
        [
          [cx, cy + r * 0.3],
          [cx - r * 0.2, cy + r * 0.62],
          [cx, cy + r * 0.6],
          [cx - r * 0.1, cy + r * 0.9],
          [cx + r * 0.2, cy + r * 0.5],
          [cx + r * 0.02, cy + r * 0.52],
        ],
        { fill: "#facc15" },
      );
      return;
    default:
      for (let i = 0; i < 3; i += 1) {
        const y = cy - r * 0.4 + i * r * 0.4;
        s.path(
          `M ${cx - r * 0.8} ${y} L ${cx + r * 0.4} ${y} q ${r * 0.35} 0 ${r * 0.35} -${r * 0.2} q 0 -${r * 0.2} -${r * 0.2} -${r * 0.2}`,
          { stroke: "#0ea5e9", width: 2.4 },
        );
      }
  }
}

function drawFace(s: Sheet, mood: string, cx: number, cy: number, r: number, color: string): void {
  const fills: Record<string, string> = {
    happy: "#fde047",
    excited: "#fb923c",
    calm: "#86efac",
    sad: "#93c5fd",
    worried: "#c4b5fd",
    angry: "#fca5a5",
  };
  s.circle(cx, cy, r, { fill: fills[mood] ?? tint(color, 0.5), stroke: INK, width: 1.6 });
  const eyeY = cy - r * 0.22;
  s.circle(cx - r * 0.33, eyeY, r * 0.09, { fill: INK });
  s.circle(cx + r * 0.33, eyeY, r * 0.09, { fill: INK });
  const m = r * 0.45;
  const my = cy + r * 0.32;
  if (mood === "happy" || mood === "excited") {
    s.path(`M ${cx - m} ${my - r * 0.08} Q ${cx} ${my + r * 0.35} ${cx + m} ${my - r * 0.08}`, {
      stroke: INK,
      width: 2,
    });
  } else if (mood === "sad" || mood === "worried") {
    s.path(`M ${cx - m} ${my + r * 0.12} Q ${cx} ${my - r * 0.22} ${cx + m} ${my + r * 0.12}`, {
      stroke: INK,
      width: 2,
    });
  } else if (mood === "angry") {
    s.line(cx - r * 0.5, eyeY - r * 0.25, cx - r * 0.18, eyeY - r * 0.12, { color: INK, width: 2 });
    s.line(cx + r * 0.5, eyeY - r * 0.25, cx + r * 0.18, eyeY - r * 0.12, { color: INK, width: 2 });
    s.line(cx - m * 0.8, my + r * 0.05, cx + m * 0.8, my + r * 0.05, { color: INK, width: 2 });
  } else {
    s.path(`M ${cx - m * 0.7} ${my} Q ${cx} ${my + r * 0.14} ${cx + m * 0.7} ${my}`, {
      stroke: INK,
      width: 2,
    });
  }
}

function drawFigure(s: Sheet, pose: string, cx: number, cy: number, size: number, color: string): void {
  const u = size / 10;
  const head = [cx, cy - u * 3.6] as const;
  const neck = [cx, cy - u * 2.7] as const;
  const hip = [cx, cy + u * 0.6] as const;
  const limbs: [number, number, number, number][] = [[neck[0], neck[1], hip[0], hip[1]]];
  const arm = (dx: number, dy: number) => limbs.push([cx, cy - u * 2.2, cx + dx * u, cy - u * 2.2 + dy * u]);
  const leg = (dx: number, dy: number) => limbs.push([hip[0], hip[1], hip[0] + dx * u, hip[1] + dy * u]);
  switch (pose) {
    case "tree":
      // Elbows out, hands together above the head.
      limbs.push(
        [cx, cy - u * 2.2, cx - u * 1.6, cy - u * 3.8],
        [cx - u * 1.6, cy - u * 3.8, cx, cy - u * 5.6],
        [cx, cy - u * 2.2, cx + u * 1.6, cy - u * 3.8],
        [cx + u * 1.6, cy - u * 3.8, cx, cy - u * 5.6],
      );
      leg(0, 4);
      limbs.push(
        [hip[0], hip[1], cx + u * 1.6, cy + u * 2],
        [cx + u * 1.6, cy + u * 2, cx + u * 0.1, cy + u * 2.6],
      );
      break;
    case "star":
      arm(-3, -1.5);
      arm(3, -1.5);
      leg(-2.2, 3.6);
      leg(2.2, 3.6);
      break;
    case "mountain":
      limbs.push(
        [cx, cy - u * 2.2, cx - u * 1.3, cy - u * 5.2],
        [cx, cy - u * 2.2, cx + u * 1.3, cy - u * 5.2],
      );
      leg(-0.6, 4);
      leg(0.6, 4);
      break;
    case "warrior":
      arm(-3.4, 0);
      arm(3.4, 0);
      leg(-2.6, 2.2);
      limbs.push([hip[0] - u * 2.6, hip[1] + u * 2.2, hip[0] - u * 2.6, hip[1] + u * 4]);
      leg(2.8, 4);
      break;
    case "jump":
      arm(-2, -3);
      arm(2, -3);
      leg(-1.4, 3);
      leg(1.4, 3);
      break;
    default:
      arm(-1.2, 2.4);
      arm(1.2, 2.4);
      leg(-1, 4);
      leg(1, 4);
  }
  s.circle(head[0], head[1], u * 0.9, { fill: color });
  for (const [x1, y1, x2, y2] of limbs) s.line(x1, y1, x2, y2, { color, width: u * 0.55, round: true });
  s.line(cx - u * 4, cy + u * 4.7, cx + u * 4, cy + u * 4.7, { color: RULE, width: 1 });
}

function drawInstrument(s: Sheet, name: string, cx: number, cy: number, r: number): void {
  if (name === "violin") {
    const wood = "#b45309";
    s.rect(cx - r * 0.06, cy - r * 0.95, r * 0.12, r * 0.8, { fill: "#292524" });
    s.circle(cx, cy - r * 0.97, r * 0.08, { fill: "#292524" });
    s.ellipse(cx, cy + r * 0.45, r * 0.42, r * 0.4, { fill: wood, stroke: "#78350f", width: 2 });
    s.ellipse(cx, cy - r * 0.05, r * 0.33, r * 0.3, { fill: wood, stroke: "#78350f", width: 2 });
    s.rect(cx - r * 0.2, cy + r * 0.12, r * 0.4, r * 0.1, { fill: wood });
    for (const dx of [-0.14, 0.14])
      s.path(`M ${cx + dx * r} ${cy + r * 0.1} q ${dx * r * 0.4} ${r * 0.18} 0 ${r * 0.36}`, {
        stroke: "#292524",
        width: 2,
      });
    s.rect(cx - r * 0.14, cy + r * 0.62, r * 0.28, r * 0.08, { fill: "#292524" });
    for (const dx of [-0.045, -0.015, 0.015, 0.045])
      s.line(cx + dx * r, cy - r * 0.9, cx + dx * r, cy + r * 0.62, { color: "#e7e5e4", width: 0.8 });
    s.line(cx - r * 0.9, cy + r * 0.05, cx + r * 0.7, cy + r * 0.55, {
      color: "#57534e",
      width: 3,
      round: true,
    });
    return;
  }
  if (name === "flute") {
    s.rect(cx - r, cy - r * 0.07, r * 2, r * 0.14, {
      fill: "#d1d5db",
      stroke: "#6b7280",
      width: 1.5,
      radius: r * 0.07,
    });
    s.ellipse(cx - r * 0.8, cy, r * 0.05, r * 0.035, { fill: "#374151" });
    for (let i = 0; i < 7; i += 1)
      s.circle(cx - r * 0.35 + i * r * 0.18, cy, r * 0.045, { fill: "#f3f4f6", stroke: "#6b7280", width: 1 });
    return;
  }
  const brass = "#eab308";
  s.rect(cx - r * 0.9, cy - r * 0.05, r * 1.2, r * 0.1, { fill: brass, stroke: "#a16207", width: 1.2 });
  s.rect(cx - r * 0.7, cy + r * 0.12, r * 0.9, r * 0.1, {
    fill: brass,
    stroke: "#a16207",
    width: 1.2,
    radius: r * 0.05,
  });
  s.path(
    `M ${cx + r * 0.3} ${cy - r * 0.05} L ${cx + r * 0.95} ${cy - r * 0.4} L ${cx + r * 0.95} ${cy + r * 0.4} L ${cx + r * 0.3} ${cy + r * 0.05} Z`,
    { fill: brass, stroke: "#a16207", width: 1.5 },
  );
  s.ellipse(cx + r * 0.95, cy, r * 0.08, r * 0.4, { fill: "#facc15", stroke: "#a16207", width: 1.5 });
  for (let i = 0; i < 3; i += 1)
    s.rect(cx - r * 0.35 + i * r * 0.16, cy - r * 0.32, r * 0.09, r * 0.3, {
      fill: brass,
      stroke: "#a16207",
      width: 1,
    });
  s.rect(cx - r * 1.02, cy - r * 0.09, r * 0.12, r * 0.18, { fill: "#a16207" });
}
