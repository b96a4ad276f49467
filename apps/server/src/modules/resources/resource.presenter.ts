import { averageRating, type RatingSummary, type ResourceCard } from "@market/domain";

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
  };
}
