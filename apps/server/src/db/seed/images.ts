import { DEFAULT_COLORS, textColorFor } from "@market/domain";
import sharp from "sharp";

/**
 * Demo pictures drawn as SVG and rendered by sharp (librsvg). Flat shapes and text compress to a few
 * tens of kilobytes as PNG, far under the spec's size limits, and a fast zlib level keeps the whole
 * seed quick: the pictures are generated on every fresh start.
 */
export const PREVIEW_SIZE = { width: 692, height: 896 } as const;

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
/** The twelve tile colours: demo art then matches the site's palette. */
export const PALETTE: readonly string[] = DEFAULT_COLORS.slice(0, 12).map((c) => c.css);

export async function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 4 }).toBuffer();
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const svgOpen = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;

function text(
  x: number,
  y: number,
  value: string,
  opts: { size: number; fill: string; weight?: "bold" | "normal"; anchor?: "start" | "middle" | "end" },
): string {
  return (
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${opts.size}" font-weight="${opts.weight ?? "normal"}" ` +
    `text-anchor="${opts.anchor ?? "start"}" fill="${opts.fill}">${escapeXml(value)}</text>`
  );
}

/** Greedy word wrap by an average glyph width; good enough for short titles in a known font. */
export function wrapWords(value: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function shape(
  kind: number,
  cx: number,
  cy: number,
  r: number,
  fill: string,
  background = "#ffffff",
): string {
  const points = (n: number, inner?: number) =>
    Array.from({ length: inner ? n * 2 : n }, (_, i) => {
      const radius = inner && i % 2 === 1 ? inner : r;
      const angle = -Math.PI / 2 + (i * Math.PI * 2) / (inner ? n * 2 : n);
      return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
    }).join(" ");
  switch (kind % 14) {
    case 0:
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
    case 1:
      return `<rect x="${cx - r * 0.85}" y="${cy - r * 0.85}" width="${r * 1.7}" height="${r * 1.7}" fill="${fill}"/>`;
    case 2:
      return `<polygon points="${points(3)}" fill="${fill}"/>`;
    case 3:
      return `<polygon points="${points(5, r * 0.45)}" fill="${fill}"/>`;
    case 4:
      return `<polygon points="${points(4)}" fill="${fill}"/>`;
    case 5:
      return `<polygon points="${points(6)}" fill="${fill}"/>`;
    case 6:
      return `<circle cx="${cx}" cy="${cy}" r="${r * 0.8}" fill="none" stroke="${fill}" stroke-width="${r * 0.35}"/>`;
    case 7:
      return (
        `<rect x="${cx - r}" y="${cy - r * 0.3}" width="${r * 2}" height="${r * 0.6}" fill="${fill}"/>` +
        `<rect x="${cx - r * 0.3}" y="${cy - r}" width="${r * 0.6}" height="${r * 2}" fill="${fill}"/>`
      );
    case 8:
      return `<polygon points="${points(5)}" fill="${fill}"/>`;
    case 9:
      return `<polygon points="${points(8)}" fill="${fill}"/>`;
    case 10:
      return `<polygon points="${points(4, r * 0.4)}" fill="${fill}"/>`;
    case 11:
      return (
        `<path d="M ${cx} ${cy + r * 0.85} C ${cx - r * 1.6} ${cy - r * 0.2}, ${cx - r * 0.6} ${cy - r * 1.2}, ` +
        `${cx} ${cy - r * 0.35} C ${cx + r * 0.6} ${cy - r * 1.2}, ${cx + r * 1.6} ${cy - r * 0.2}, ` +
        `${cx} ${cy + r * 0.85} Z" fill="${fill}"/>`
      );
    case 12:
      return (
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>` +
        `<circle cx="${cx + r * 0.45}" cy="${cy - r * 0.25}" r="${r * 0.85}" fill="${background}"/>`
      );
    default:
      return `<polygon points="${cx + r * 0.2},${cy - r} ${cx - r * 0.6},${cy + r * 0.15} ${cx - r * 0.05},${cy + r * 0.15} ${cx - r * 0.2},${cy + r} ${cx + r * 0.6},${cy - r * 0.15} ${cx + r * 0.05},${cy - r * 0.15}" fill="${fill}"/>`;
  }
}

/** System avatar n (1-based): a tile-coloured disc with an initial or a shape. */
export function avatarSvg(n: number): string {
  const bg = PALETTE[(n - 1) % PALETTE.length]!;
  const fg = textColorFor(bg);
  const motif =
    n % 2 === 1
      ? text(67.5, 88, "ABCDEFGHJKLMNPRSTW"[((n - 1) / 2) % 18]!, {
          size: 60,
          fill: fg,
          weight: "bold",
          anchor: "middle",
        })
      : shape(n / 2, 67.5, 67.5, 34, fg, bg);
  return `${svgOpen(135, 135)}<circle cx="67.5" cy="67.5" r="67.5" fill="${bg}"/>${motif}</svg>`;
}

const PATTERN_COLORS = [
  "#dc2626",
  "#ea580c",
  "#ca8a04",
  "#16a34a",
  "#0d9488",
  "#0284c7",
  "#2563eb",
  "#7c3aed",
  "#c026d3",
  "#db2777",
  "#4b5563",
  "#65a30d",
  "#9333ea",
  "#0891b2",
];

/** Pattern image n (1-based) for the security pattern: each a different shape in a different colour. */
export function patternSvg(n: number): string {
  return `${svgOpen(135, 135)}<rect width="135" height="135" rx="16" fill="#f8fafc"/>${shape(n - 1, 67.5, 70, 46, PATTERN_COLORS[(n - 1) % 14]!, "#f8fafc")}</svg>`;
}

/**
 * A page's site-image banner: a picture, not a caption. Pages already say their name in their heading, so
 * a banner that spells it out reads twice; this one fans out a few worksheet-like pages on the page's
 * colours (alt text says what it shows).
 */
export function bannerSvg(opts: { from: string; to: string; seed: number }): string {
  const page = (x: number, y: number, angle: number, band: string) => {
    const lines = Array.from(
      { length: 6 },
      (_, k) =>
        `<rect x="${x + 24}" y="${y + 92 + k * 30}" width="${k % 3 === 2 ? 110 : 170}" height="10" rx="5" fill="#cbd5e1"/>`,
    ).join("");
    return (
      `<g transform="rotate(${angle} ${x + 110} ${y + 150})">` +
      `<rect x="${x + 6}" y="${y + 10}" width="220" height="290" rx="14" fill="#0f172a" fill-opacity="0.18"/>` +
      `<rect x="${x}" y="${y}" width="220" height="290" rx="14" fill="#ffffff"/>` +
      `<rect x="${x + 16}" y="${y + 18}" width="188" height="52" rx="10" fill="${band}"/>` +
      `${lines}</g>`
    );
  };
  const offset = (opts.seed % 5) * 12;
  return (
    `${svgOpen(1200, 400)}<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${opts.from}"/><stop offset="1" stop-color="${opts.to}"/></linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#g)"/>` +
    `<circle cx="${180 + offset}" cy="90" r="150" fill="#ffffff" fill-opacity="0.14"/>` +
    `<circle cx="${430 - offset}" cy="330" r="90" fill="#ffffff" fill-opacity="0.1"/>` +
    `<circle cx="1110" cy="60" r="70" fill="#ffffff" fill-opacity="0.12"/>` +
    page(640 + offset, 70, -9, opts.from) +
    page(820, 50, 3, opts.to) +
    page(980 - offset, 90, 12, opts.from) +
    `</svg>`
  );
}

export interface PreviewInput {
  title: string;
  subtitle: string;
  grade: string;
  subject: string;
  type: string;
  page: number;
  pages: number;
  accent: string;
}

/**
 * A worksheet-looking page: header band with the title, then a body that differs per page. The
 * synthetic benchmark resources share one; the demo catalogue's previews are rendered from its PDFs.
 */
export function previewSvg(p: PreviewInput): string {
  const { width, height } = PREVIEW_SIZE;
  const fg = textColorFor(p.accent);
  const titleLines = wrapWords(p.title, 20);
  const header = 120 + titleLines.length * 52;
  let body = "";
  if (p.page === 1) {
    body += shape(p.title.length, width / 2, header + 250, 150, p.accent);
    body += shape(p.title.length + 3, width / 2, header + 250, 70, "#ffffff");
    body += text(width / 2, header + 480, p.subtitle, { size: 30, fill: "#1f2937", anchor: "middle" });
  } else if (p.page === 2) {
    for (let q = 0; q < 6; q += 1) {
      const y = header + 70 + q * 95;
      body += text(56, y, `${q + 1}.`, { size: 26, fill: "#1f2937", weight: "bold" });
      body += `<rect x="96" y="${y - 20}" width="${300 + ((q * 53) % 200)}" height="12" rx="6" fill="#d1d5db"/>`;
      body += `<line x1="96" y1="${y + 40}" x2="636" y2="${y + 40}" stroke="#9ca3af" stroke-width="2"/>`;
    }
  } else {
    for (let row = 0; row < 4; row += 1) {
      for (let col = 0; col < 3; col += 1) {
        const x = 56 + col * 198;
        const y = header + 40 + row * 140;
        body += `<rect x="${x}" y="${y}" width="182" height="120" rx="12" fill="#ffffff" stroke="${p.accent}" stroke-width="4"/>`;
        body += text(x + 91, y + 72, String(row * 3 + col + 1), {
          size: 36,
          fill: "#374151",
          weight: "bold",
          anchor: "middle",
        });
      }
    }
  }
  return (
    `${svgOpen(width, height)}<rect width="${width}" height="${height}" fill="#fffdf7"/>` +
    `<rect width="${width}" height="${header}" fill="${p.accent}"/>` +
    titleLines
      .map((line, i) => text(48, 92 + i * 52, line, { size: 44, fill: fg, weight: "bold" }))
      .join("") +
    text(48, header - 30, `${gradeLabel(p.grade)} · ${p.subject} · ${p.type}`, { size: 24, fill: fg }) +
    body +
    `<line x1="48" y1="${height - 70}" x2="${width - 48}" y2="${height - 70}" stroke="#e5e7eb" stroke-width="2"/>` +
    text(48, height - 34, "Lesson Loft", { size: 20, fill: "#6b7280" }) +
    text(width - 48, height - 34, `Page ${p.page} of ${p.pages}`, {
      size: 20,
      fill: "#6b7280",
      anchor: "end",
    }) +
    `</svg>`
  );
}

export function gradeLabel(grade: string): string {
  return /^\d+$/.test(grade) ? `Grade ${grade}` : grade;
}

/** An ad picture of the given size: colour field, a shape and the ad's headline. */
export function adImageSvg(opts: {
  width: number;
  height: number;
  headline: string;
  accent: string;
  seed: number;
}) {
  const { width: w, height: h } = opts;
  const fg = textColorFor(opts.accent);
  const small = Math.min(w, h);
  // Wide formats put the shape beside the headline, square and tall ones below it.
  const wide = w / h >= 1.4;
  const size = Math.max(14, Math.round(small / (wide ? 9 : 11)));
  const textWidth = w * (wide ? 0.55 : 0.88);
  const lines =
    small < 150 ? [] : wrapWords(opts.headline, Math.max(8, Math.floor(textWidth / (size * 0.62))));
  const [cx, cy, r] = wide
    ? [w * 0.78, h * 0.5, small * 0.3]
    : [w * 0.5, lines.length ? h * 0.68 : h * 0.5, small * (lines.length ? 0.22 : 0.34)];
  return (
    `${svgOpen(w, h)}<rect width="${w}" height="${h}" fill="${opts.accent}"/>` +
    shape(opts.seed, cx, cy, r, "#ffffff", opts.accent) +
    shape(opts.seed + 5, cx, cy, r * 0.4, opts.accent) +
    lines
      .map((line, i) => text(w * 0.06, size * 1.6 + i * size * 1.2, line, { size, fill: fg, weight: "bold" }))
      .join("") +
    `</svg>`
  );
}

export function logoSvg(initials: string, color: string): string {
  return (
    `${svgOpen(100, 100)}<rect width="100" height="100" rx="20" fill="${color}"/>` +
    text(50, 64, initials, { size: 40, fill: textColorFor(color), weight: "bold", anchor: "middle" }) +
    `</svg>`
  );
}

/** A help illustration: a mock screen with labelled boxes. */
export function helpImageSvg(opts: { heading: string; labels: readonly string[]; accent: string }): string {
  const boxes = opts.labels
    .map((label, i) => {
      const x = 60 + i * 240;
      return (
        `<rect x="${x}" y="170" width="200" height="200" rx="16" fill="#ffffff" stroke="${opts.accent}" stroke-width="5"/>` +
        text(x + 100, 230, String(i + 1), { size: 44, fill: opts.accent, weight: "bold", anchor: "middle" }) +
        text(x + 100, 320, label, { size: 22, fill: "#1f2937", anchor: "middle" })
      );
    })
    .join("");
  return (
    `${svgOpen(800, 450)}<rect width="800" height="450" fill="#f3f4f6"/>` +
    `<rect width="800" height="110" fill="${opts.accent}"/>` +
    text(60, 72, opts.heading, { size: 38, fill: textColorFor(opts.accent), weight: "bold" }) +
    boxes +
    `</svg>`
  );
}
