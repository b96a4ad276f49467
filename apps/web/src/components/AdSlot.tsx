import { AD_IMAGE_RULES, type AdType } from "@market/domain";
import { useEffect } from "react";
import { fileUrl } from "../api/client.ts";
import { useAdvertisingTexts } from "../routes/advertising/advertising-texts.ts";
import { followAd, recordImpression, useAdsShown, useDisplayAd } from "../state/ads.ts";
import { buttonClass } from "./ui/index.ts";

/**
 * One ad where its shape fits (spec: placement): the grid's extra cell (no type named: a card of type 1
 * or 2, as the server chooses), the resource page (type 3, a small square), portfolios and the grids'
 * heads (types 1 and 4, banners) and the download page (type 5). Nothing when this viewer is not shown
 * ads or no ad is running; the impression is recorded once the ad is on the page.
 */
export function AdSlot({
  type,
  grade,
  as: Tag = "div",
  className = "",
}: {
  /** The placement's type; none for the grid's cell, which takes the card types (displayAdTypes). */
  type?: AdType;
  grade?: string;
  as?: "div" | "li";
  className?: string;
}) {
  const t = useAdvertisingTexts();
  const shown = useAdsShown();
  const display = useDisplayAd({ type, grade }, shown);
  const ad = shown ? display.data?.ad : null;
  const token = display.data?.token;
  useEffect(() => {
    if (ad) recordImpression(ad.id, token);
  }, [ad, token]);
  if (!ad)
    return Tag === "li" ? (
      <li aria-hidden="true" className={`min-h-24 rounded-ui ${className}`} data-ad-cell="" />
    ) : null;
  const url = ad.click_url ?? "";
  // Banner placements (types 1 and 4) lie wide: the image beside the words, no taller than a strip. In
  // the grid's cell a type 1 stands as a card like a type 2, its image on top.
  const wide = type === "1" || type === "4";
  const shape = AD_IMAGE_RULES.minimum[ad.ad_type];
  return (
    <Tag
      data-ad-cell=""
      className={`flex flex-col overflow-hidden rounded-ui border border-line bg-paper ${className}`}
      aria-label={t("ads.slot.label")}
    >
      <a
        href={url}
        rel="sponsored noopener noreferrer"
        onClick={(event) => {
          event.preventDefault();
          void followAd(ad.id, token, url);
        }}
        className={`flex h-full ${wide ? "flex-col sm:flex-row" : "flex-col"}`}
      >
        {ad.image_url ? (
          <img
            src={fileUrl(ad.image_url)}
            alt=""
            className={
              wide ? "w-full object-cover sm:w-2/5 sm:max-w-md sm:self-start" : "w-full object-cover"
            }
            // The type's own proportions (its minimum size), so a banner shows whole rather than cropped.
            style={{
              aspectRatio: `${shape.width} / ${shape.height}`,
            }}
            loading="lazy"
          />
        ) : null}
        <span className="flex flex-1 flex-col gap-1 p-3">
          <span className="text-xs font-semibold uppercase tracking-wide text-muted">
            {t("ads.slot.sponsored")}
          </span>
          <span className="font-semibold">{ad.title}</span>
          {ad.subtitle ? <span className="text-sm">{ad.subtitle}</span> : null}
          {ad.description ? <span className="text-sm text-muted">{ad.description}</span> : null}
          {ad.button ? (
            <span className={buttonClass("primary", "sm", "mt-auto self-start")}>{ad.button}</span>
          ) : null}
          {ad.statement ? <span className="text-xs text-muted">{ad.statement}</span> : null}
        </span>
      </a>
    </Tag>
  );
}
