import { isOnSale, type ResourceCard } from "@market/domain";
import { Link } from "react-router";
import { COVER_SIZES, coverImage } from "../api/image-urls.ts";
import { useTexts } from "../state/site-config.ts";
import { FavoriteHeart } from "./FavoriteHeart.tsx";
import { formatIsoDate, isNumberedGrade } from "./format.ts";
import type { TilePaint } from "./tile-colors.ts";
import { Badge, Price, RatingBadge, Skeleton } from "./ui/index.ts";

/**
 * The cover's box: square, like the anchors' thumbnails, so four cards of a row stay under ~420 px tall.
 * The portrait page shows from its top, where its title is; the tile colour fills behind it.
 */
export const COVER = { width: 320, height: 320 } as const;

/**
 * One resource in a grid, led by its own cover: the title once, the creator and its rating (the average
 * and the count, on the creator's line so that a rated card is no taller than an unrated one), grade and
 * subject, the price (with a sale), and a heart to favorite it. The whole card is one link (a real `<a href>`: new tabs,
 * crawlers); the heart is a button beside it, not inside it.
 */
export function ResourceTile({
  resource,
  paint,
  favorited = false,
  className = "",
  priority = false,
  sizes = COVER_SIZES,
  from,
}: {
  resource: ResourceCard;
  paint: TilePaint;
  favorited?: boolean;
  className?: string;
  /** In the first screen (the top row, a shelf's first cards): loaded at once, not lazily. */
  priority?: boolean;
  /** How wide the cover is laid out, when not a grid's column (a shelf's). */
  sizes?: string;
  /**
   * Where the tile is shown, when the address does not say it (a shelf of the home page: its "see all"
   * address): carried as the link's state so the resource page's view beacon can tell where the visit
   * came from (issue 23 insight sources).
   */
  from?: string;
}) {
  const t = useTexts();
  const onSale = isOnSale(resource);
  const grade = isNumberedGrade(resource.grade) ? t("tile.grade", { grade: resource.grade }) : resource.grade;
  return (
    <li
      className={`group relative flex flex-col overflow-hidden rounded-card border border-line bg-paper shadow-sm transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-focus ${className}`}
    >
      <div className="relative aspect-square overflow-hidden" style={{ background: paint.background }}>
        {resource.cover_locator ? (
          <img
            {...coverImage(resource.cover_locator, sizes)}
            alt={resource.title}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
            width={COVER.width}
            height={COVER.height}
            className="size-full object-cover object-top transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <p
            className="flex size-full items-center justify-center p-6 text-center text-xl leading-tight font-bold"
            style={{ color: paint.color }}
          >
            {resource.title}
          </p>
        )}
        {resource.isBundle ? (
          <Badge tone="info" className="absolute top-2 left-2 shadow-sm">
            {t("tile.bundleBadge")}
          </Badge>
        ) : null}
        {onSale ? (
          <Badge tone="sale" className="absolute bottom-2 left-2 shadow-sm">
            {t("tile.saleBadge")}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-0.5 p-3">
        <h2 className="line-clamp-2 leading-snug font-semibold">
          <Link
            to={`/resources/${encodeURIComponent(resource.name)}`}
            state={from ? { from } : undefined}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {resource.title}
          </Link>
        </h2>
        <p className="flex items-center justify-between gap-2 text-sm text-muted">
          <span className="truncate">{t("tile.by", { name: resource.creator.first_name })}</span>
          <RatingBadge rating={resource.rating} className="shrink-0" />
        </p>
        <p className="truncate text-xs text-muted">
          {grade} · {resource.subject_area}
        </p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <Price cents={resource.price} saleCents={resource.sale_price} />
          {onSale && resource.sale_end ? (
            <span className="text-right text-xs text-sale-strong">
              {t("tile.saleEnds", { date: formatIsoDate(resource.sale_end) })}
            </span>
          ) : null}
        </div>
      </div>
      <FavoriteHeart
        resourceId={resource.id}
        title={resource.title}
        favorited={favorited}
        className="absolute top-2 right-2 z-10"
      />
    </li>
  );
}

/** A card shaped like a resource tile on its way: the cover's square and three lines of text. */
export function ResourceTileSkeleton({ className = "" }: { className?: string }) {
  return (
    <li
      aria-hidden="true"
      className={`flex flex-col overflow-hidden rounded-card border border-line ${className}`}
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-4 w-1/4" />
      </div>
    </li>
  );
}
