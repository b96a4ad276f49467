import type { AdType } from "@market/domain";
import type { ReactNode } from "react";

/**
 * A small drawing of the page each ad format appears on, with the ad's place in the accent colour: what a
 * format is, shown rather than numbered. Drawn in the theme's colours, so an admin's palette reaches it.
 */
export function AdFormatPicture({
  type,
  label,
  slotText,
}: {
  type: AdType;
  label: string;
  slotText: string;
}) {
  return (
    <svg
      viewBox="0 0 160 100"
      role="img"
      aria-label={label}
      className="h-auto w-full rounded-ui border border-line bg-paper"
    >
      <title>{label}</title>
      <rect x="0" y="0" width="160" height="9" className="fill-wash" />
      <rect x="6" y="3" width="18" height="3" rx="1.5" className="fill-line" />
      <rect x="120" y="3" width="34" height="3" rx="1.5" className="fill-line" />
      {PAGES[type](slotText)}
    </svg>
  );
}

/** The ad's place: the accent colour with "Ad" in it. */
function Slot({
  x,
  y,
  width,
  height,
  text,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}) {
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx="2" className="fill-accent" />
      <text
        x={x + width / 2}
        y={y + height / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize="7"
        fontWeight="700"
        className="fill-accent-text"
      >
        {text}
      </text>
    </g>
  );
}

function Tiles({ y, count = 4, height = 20 }: { y: number; count?: number; height?: number }) {
  const width = (148 - (count - 1) * 4) / count;
  return (
    <g>
      {Array.from({ length: count }, (_, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: drawn tiles have no identity but their place
          key={i}
          x={6 + i * (width + 4)}
          y={y}
          width={width}
          height={height}
          rx="2"
          className="fill-wash stroke-line"
          strokeWidth="0.5"
        />
      ))}
    </g>
  );
}

const Line = ({ x, y, width }: { x: number; y: number; width: number }) => (
  <rect x={x} y={y} width={width} height="3" rx="1.5" className="fill-line" />
);

const PAGES: Record<AdType, (slotText: string) => ReactNode> = {
  // A creator's portfolio: their name, the banner across the page, their resources below.
  "1": (ad) => (
    <g>
      <circle cx="13" cy="18" r="5" className="fill-line" />
      <Line x={22} y={15} width={40} />
      <Line x={22} y={20} width={26} />
      <Slot x={6} y={28} width={148} height={22} text={ad} />
      <Tiles y={56} />
      <Tiles y={80} height={16} />
    </g>
  ),
  // The resource grid: one of its cells, as tall as a resource's card, is the ad.
  "2": (ad) => (
    <g>
      <Line x={6} y={14} width={50} />
      <Tiles y={22} height={34} />
      <rect x="6" y="60" width="34" height="36" rx="2" className="fill-wash stroke-line" strokeWidth="0.5" />
      <rect x="44" y="60" width="34" height="36" rx="2" className="fill-wash stroke-line" strokeWidth="0.5" />
      <rect x="82" y="60" width="34" height="36" rx="2" className="fill-wash stroke-line" strokeWidth="0.5" />
      <Slot x={120} y={60} width={34} height={36} text={ad} />
    </g>
  ),
  // A resource's page: its cover, its details, and the small square beneath the details.
  "3": (ad) => (
    <g>
      <rect x="6" y="14" width="62" height="80" rx="2" className="fill-wash stroke-line" strokeWidth="0.5" />
      <Line x={76} y={16} width={70} />
      <Line x={76} y={23} width={50} />
      <rect x="76" y="30" width="40" height="10" rx="2" className="fill-line" />
      <Line x={76} y={46} width={60} />
      <Line x={76} y={52} width={54} />
      <Slot x={76} y={60} width={34} height={34} text={ad} />
    </g>
  ),
  // The New and Featured lists: the wide banner between the heading and the resources.
  "4": (ad) => (
    <g>
      <Line x={6} y={14} width={44} />
      <Slot x={6} y={21} width={148} height={26} text={ad} />
      <Tiles y={52} height={20} />
      <Tiles y={76} height={20} />
    </g>
  ),
  // The thank-you page after a download: the big square under the message.
  "5": (ad) => (
    <g>
      <circle cx="80" cy="19" r="5" className="fill-line" />
      <Line x={52} y={28} width={56} />
      <Line x={60} y={34} width={40} />
      <Slot x={57} y={42} width={46} height={46} text={ad} />
    </g>
  ),
};
