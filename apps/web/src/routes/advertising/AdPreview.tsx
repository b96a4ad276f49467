import type { Ad, AdType } from "@market/domain";
import { type AdPlacement, AdView, type ShownAd } from "../../components/AdSlot.tsx";
import { type AdvertisingTextKey, type AdvertisingTexts, useAdvertisingTexts } from "./advertising-texts.ts";

/** A cell of the resource grid: about two to a phone's row, four to a laptop's. */
const GRID_CELL = "w-full max-w-[11rem] sm:max-w-[16.5rem]";

/** Each slot a format is shown in, with the width that slot has on its page. */
const PLACES: Record<AdType, { placement: AdPlacement; width: string; where: AdvertisingTextKey }[]> = {
  "1": [
    { placement: "banner", width: "w-full", where: "ads.preview.where.1" },
    { placement: "card", width: GRID_CELL, where: "ads.preview.where.grid" },
  ],
  "2": [{ placement: "card", width: GRID_CELL, where: "ads.preview.where.grid" }],
  "3": [{ placement: "card", width: "w-full max-w-sm", where: "ads.preview.where.3" }],
  "4": [{ placement: "banner", width: "w-full", where: "ads.preview.where.4" }],
  "5": [{ placement: "card", width: "w-full max-w-sm", where: "ads.preview.where.5" }],
};

/** Whether the format's preview needs the page's width (a banner) rather than a card's. */
export function previewIsWide(type: AdType): boolean {
  return PLACES[type].some((place) => place.placement === "banner");
}

/**
 * The ad as readers will see it, in each slot its format takes, drawn by the slots' own AdView (so the
 * crop, the styling and the code are what the page will show), from the saved ad with the step's unsaved
 * changes on top. A text or the image not there yet shows what goes in its place.
 */
export function AdPreview({ ad }: { ad: Ad }) {
  const t = useAdvertisingTexts();
  const shown = previewAd(ad, t);
  return (
    <section aria-labelledby="ad-preview-title" className="flex min-w-0 flex-col gap-3">
      <div>
        <h2 id="ad-preview-title" className="text-lg font-semibold">
          {t("ads.preview.title")}
        </h2>
        <p className="text-sm text-muted">{t("ads.preview.intro")}</p>
      </div>
      {PLACES[ad.ad_type].map((place) => (
        <figure key={place.where} className="flex flex-col gap-2 rounded-card bg-wash p-3">
          <figcaption className="text-sm font-medium">{t(place.where)}</figcaption>
          <div className={place.width}>
            <AdView
              ad={shown}
              placement={place.placement}
              preview
              imagePlaceholder={t("ads.preview.sample.image")}
            />
          </div>
        </figure>
      ))}
    </section>
  );
}

function previewAd(ad: Ad, t: AdvertisingTexts): ShownAd {
  const orSample = (value: string | null, key: AdvertisingTextKey) => (value?.trim() ? value : t(key));
  const cardTexts =
    ad.ad_type === "2"
      ? { subtitle: orSample(ad.subtitle, "ads.preview.sample.subtitle"), description: null, button: null }
      : {
          subtitle: null,
          description: orSample(ad.description, "ads.preview.sample.description"),
          button: ad.ad_type === "5" ? ad.button : orSample(ad.button, "ads.preview.sample.button"),
        };
  return {
    id: ad.id,
    ad_type: ad.ad_type,
    title: orSample(ad.title, "ads.preview.sample.title"),
    subject: ad.ad_type === "2" ? ad.subject : null,
    statement: ad.statement,
    discount_code: ad.discount_code,
    business_name: ad.business_name,
    business_image: ad.business_image,
    image_url: ad.image_url,
    image_fit: ad.image_fit,
    image_focus_x: ad.image_focus_x,
    image_focus_y: ad.image_focus_y,
    click_url: ad.click_url,
    css_override: ad.css_override,
    code: ad.code,
    ...cardTexts,
  };
}
