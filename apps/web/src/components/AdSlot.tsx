import { AD_IMAGE_RULES, type AdType, adImageStyle, type DisplayAd, isAdCodeMarkup } from "@market/domain";
import { useEffect, useMemo } from "react";
import { fileUrl } from "../api/client.ts";
import { useAdvertisingTexts } from "../routes/advertising/advertising-texts.ts";
import { followAd, recordImpression, useAdsShown, useDisplayAd } from "../state/ads.ts";
import { adScopeSelector, scopeAdCss } from "./ad-css.ts";
import { buttonClass } from "./ui/index.ts";

/** An ad as a page shows it: the display call's answer (or a draft in the wizard's preview). */
export type ShownAd = NonNullable<DisplayAd>;

/**
 * The two shapes a slot gives an ad: a card (the grid's cell, the resource page's square, the download
 * page's feature) with the image on top, or a banner (portfolios, the new and featured lists) with the
 * image beside the words from a tablet up.
 */
export type AdPlacement = "card" | "banner";

/** The placement of a slot of this type: types 1 and 4 lie wide; the grid's cell (no type) is a card. */
export function slotPlacement(type: AdType | undefined): AdPlacement {
  return type === "1" || type === "4" ? "banner" : "card";
}

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
  return (
    <AdView
      ad={ad}
      placement={slotPlacement(type)}
      as={Tag}
      className={className}
      onFollow={(url) => void followAd(ad.id, token, url)}
    />
  );
}

/**
 * An ad drawn in its slot: the one rendering of the page's slots and of the wizard's preview, so the
 * preview shows exactly what a reader will see. The image keeps the type's proportions and is placed as
 * the advertiser chose (fill around a focal point, or the whole image); an admin's styling applies to
 * this ad's box alone (scopeAdCss) and an admin's markup runs in a sandboxed frame of its own.
 * Without `onFollow` (the preview) the link is followed as a plain link.
 */
export function AdView({
  ad,
  placement,
  as: Tag = "div",
  className = "",
  onFollow,
  preview = false,
  imagePlaceholder,
}: {
  ad: ShownAd;
  placement: AdPlacement;
  as?: "div" | "li";
  className?: string;
  /** Counts the click, then follows the link (the page's slots). */
  onFollow?: (url: string) => void;
  /** The wizard's preview: the link opens in a new tab, and the page stays. */
  preview?: boolean;
  /** Shown in the image's place, at its proportions, while the ad has no image (the preview). */
  imagePlaceholder?: string;
}) {
  const t = useAdvertisingTexts();
  const url = ad.click_url ?? "";
  const wide = placement === "banner";
  const shape = AD_IMAGE_RULES.minimum[ad.ad_type];
  const scope = adScopeSelector(ad.id);
  const css = useMemo(() => scopeAdCss(ad.css_override, scope), [ad.css_override, scope]);
  const code = ad.code?.trim() ? ad.code : null;
  return (
    <Tag
      data-ad-cell=""
      // The ad's paint is contained: whatever its styling does to its box stays inside this one.
      style={{ contain: "layout paint" }}
      className={`isolate overflow-hidden rounded-ui border border-line bg-paper ${className}`}
      aria-label={t("ads.slot.label")}
    >
      {css ? <style>{css}</style> : null}
      <div data-ad-scope={ad.id.replace(/[^A-Za-z0-9_-]/g, "")} className="flex h-full flex-col">
        <a
          href={url || undefined}
          rel="sponsored noopener noreferrer"
          target={preview ? "_blank" : undefined}
          onClick={
            onFollow
              ? (event) => {
                  event.preventDefault();
                  onFollow(url);
                }
              : undefined
          }
          className={`flex flex-1 ${wide ? "flex-col sm:flex-row" : "flex-col"}`}
        >
          {ad.image_url ? (
            <img
              src={fileUrl(ad.image_url)}
              alt=""
              className={`ad-image bg-wash ${wide ? "w-full sm:w-2/5 sm:max-w-md sm:self-start" : "w-full"}`}
              // The type's own proportions (its minimum size) in every slot; the advertiser's fit and focal
              // point decide what of the image shows in them.
              style={{ aspectRatio: `${shape.width} / ${shape.height}`, ...adImageStyle(ad) }}
              loading="lazy"
            />
          ) : imagePlaceholder ? (
            <span
              className={`flex items-center justify-center border-b border-dashed border-line bg-wash text-sm text-muted ${wide ? "w-full sm:w-2/5 sm:max-w-md sm:self-start" : "w-full"}`}
              style={{ aspectRatio: `${shape.width} / ${shape.height}` }}
            >
              {imagePlaceholder}
            </span>
          ) : null}
          <span className="flex flex-1 flex-col gap-1 p-3">
            <span className="text-xs font-semibold uppercase tracking-wide text-muted">
              {t("ads.slot.sponsored")}
            </span>
            {ad.business_name ? (
              <span className="ad-business flex items-center gap-2 text-sm">
                {ad.business_image ? (
                  <img src={fileUrl(ad.business_image)} alt="" className="size-6 rounded-full object-cover" />
                ) : null}
                {ad.business_name}
              </span>
            ) : null}
            <span className="ad-title font-semibold">{ad.title}</span>
            {ad.subtitle ? <span className="ad-subtitle text-sm">{ad.subtitle}</span> : null}
            {ad.subject ? <span className="ad-subject text-xs text-muted">{ad.subject}</span> : null}
            {ad.description ? (
              <span className="ad-description text-sm text-muted">{ad.description}</span>
            ) : null}
            {ad.button ? (
              <span className={buttonClass("primary", "sm", "ad-button mt-auto self-start")}>
                {ad.button}
              </span>
            ) : null}
            {ad.statement ? <span className="ad-statement text-xs text-muted">{ad.statement}</span> : null}
          </span>
        </a>
        {code ? <AdCode code={code} /> : null}
      </div>
    </Tag>
  );
}

/**
 * The admin's code (at most 75 characters): markup goes into a frame sandboxed with no permissions at all
 * (no scripts, forms, pop-ups or navigation of the page, an origin of its own) that also inherits the
 * page's content policy; plain text is shown as text. The frame cannot tell its height, so it is three
 * lines of small text tall, room for 75 characters in a card.
 */
function AdCode({ code }: { code: string }) {
  const t = useAdvertisingTexts();
  if (!isAdCodeMarkup(code)) return <p className="ad-code px-3 pb-3 text-xs">{code}</p>;
  const document = `<!doctype html><meta charset="utf-8"><style>body{margin:0;font:12px/1.4 system-ui,sans-serif;color:#111827}</style>${code}`;
  return (
    <iframe
      title={t("ads.slot.code")}
      sandbox=""
      srcDoc={document}
      referrerPolicy="no-referrer"
      className="ad-code block h-14 w-full border-0 px-3 pb-2"
    />
  );
}
