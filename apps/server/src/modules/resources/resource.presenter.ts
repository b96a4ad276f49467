import { averageRating, BUNDLE_TYPE, type RatingSummary, type ResourceCard } from "@market/domain";

export interface ResourceCardRow {
  id: string;
  name: string;
  title: string;
  subtitle: string | null;
  grade: string;
  subject_area: string;
  type: string;
  price: number;
  sale_price: number | null;
  sale_end: string | null;
  cover_locator: string | null;
  download_count: number;
  is_featured: boolean;
  background_color: string | null;
  excluded_colors: string[];
  updated_at: Date | string;
  creator_id: string;
  creator_username: string;
  creator_first_name: string;
  creator_avatar_locator: string | null;
  rating_count: number;
  rating_sum: number;
}

/** A rating as cards, pages and profiles show it, from its count and sum of stars. */
export function presentRating(count: number | string, sum: number | string): RatingSummary {
  const n = Number(count);
  return { average: averageRating(n, Number(sum)), count: n };
}

export function presentResourceCard(row: ResourceCardRow): ResourceCard {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    subtitle: row.subtitle,
    grade: row.grade,
    subject_area: row.subject_area,
    type: row.type,
    price: row.price,
    sale_price: row.sale_price,
    sale_end: row.sale_end,
    cover_locator: row.cover_locator,
    downloadCount: row.download_count,
    is_featured: row.is_featured,
    backgroundColor: row.background_color,
    excluded_colors: row.excluded_colors,
    creator: {
      id: row.creator_id,
      username: row.creator_username,
      first_name: row.creator_first_name,
      avatar_locator: row.creator_avatar_locator,
    },
    updated_at: new Date(row.updated_at).toISOString(),
    rating: presentRating(row.rating_count, row.rating_sum),
    isBundle: row.type === BUNDLE_TYPE,
    includedResourceIds: [],
  };
}

/** What a bundle card adds (card-query.ts withBundleContents reads it for a page's bundles at once). */
export interface BundleContentsRow extends Record<string, unknown> {
  bundle_id: string;
  /** Its listed resources, in the bundle's order. */
  ids: string[];
  /** The first cover among them. */
  first_cover: string | null;
}

/**
 * A bundle's card with what it includes. A bundle has no previews of its own unless its creator adds
 * some: its cover is then its first included resource's (issue 22: "the included resources' covers by
 * default"), shown from where that cover is stored, never copied.
 */
export function presentBundleCard(card: ResourceCard, contents: BundleContentsRow | undefined): ResourceCard {
  if (!contents) return card;
  return {
    ...card,
    includedResourceIds: contents.ids,
    cover_locator: card.cover_locator ?? contents.first_cover,
  };
}
