import { formatMoney, type ResourceCard } from "@market/domain";
import { Link } from "react-router";
import { fileUrl } from "../api/client.ts";
import { useTexts } from "../state/site-config.ts";
import { formatIsoDate, isNumberedGrade } from "./format.ts";
import type { TilePaint } from "./tile-colors.ts";

/** Cover size: half the minimum preview size (692 x 896), so the ratio matches the previews. */
export const COVER = { width: 346, height: 448 } as const;

export function ResourceTile({ resource, paint }: { resource: ResourceCard; paint: TilePaint }) {
  const t = useTexts();
  const onSale = resource.sale_price !== null;
  return (
    <li>
      <Link
        to={`/resources/${encodeURIComponent(resource.name)}`}
        className="flex h-full flex-col overflow-hidden rounded-ui shadow-sm transition-shadow hover:shadow-md"
        style={{ background: paint.background, color: paint.color }}
      >
        {resource.cover_locator ? (
          <img
            src={fileUrl(resource.cover_locator)}
            alt={resource.title}
            loading="lazy"
            decoding="async"
            width={COVER.width}
            height={COVER.height}
            className="aspect-[346/448] w-full bg-wash object-cover"
          />
        ) : (
          <div aria-hidden="true" className="aspect-[346/448] w-full bg-paper/20" />
        )}
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h2 className="text-base leading-snug font-semibold">{resource.title}</h2>
          <p className="text-sm">
            {isNumberedGrade(resource.grade) ? t("tile.grade", { grade: resource.grade }) : resource.grade}
          </p>
          <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2 font-semibold">
            {onSale && resource.sale_price !== null ? (
              <>
                <span>{formatMoney(resource.sale_price)}</span>
                <s className="text-sm font-normal">
                  <span className="sr-only">{t("tile.was")} </span>
                  {formatMoney(resource.price)}
                </s>
              </>
            ) : (
              <span>{formatMoney(resource.price)}</span>
            )}
          </p>
          {onSale ? (
            <p className="self-start rounded-full bg-message px-2 py-0.5 text-xs font-semibold text-message-text">
              {resource.sale_end
                ? t("tile.saleUntil", { date: formatIsoDate(resource.sale_end) })
                : t("tile.sale")}
            </p>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
