import type { ResourceCard, ResourceDetail } from "@market/domain";

/**
 * A resource's page as a teacher who has not bought it sees it: the creator's own marks (favorite,
 * following, ownership) are taken off, so the preview shows the Buy or Download a teacher gets.
 */
export function asTeacherSees(detail: ResourceDetail): ResourceDetail {
  return { ...detail, isFavorited: false, isCreatorFollowed: false, isOwned: false };
}

/**
 * The catalogue card of a resource, from its page's answer as the server gives it (the sale only while
 * it runs). The cover is what the card query takes: the preview first in order.
 */
export function cardFromDetail(detail: ResourceDetail): ResourceCard {
  const [cover] = [...detail.resources_previews_models].sort((a, b) => a.order_index - b.order_index);
  return {
    id: detail.id,
    name: detail.name,
    title: detail.title,
    subtitle: detail.subtitle,
    grade: detail.grade,
    subject_area: detail.subject_area,
    type: detail.type,
    price: detail.price,
    sale_price: detail.sale_price,
    sale_end: detail.sale_end,
    cover_locator: cover?.locator ?? null,
    downloadCount: detail.downloadCount,
    is_featured: detail.is_featured,
    backgroundColor: detail.backgroundColor,
    excluded_colors: detail.excluded_colors,
    creator: detail.users_model,
    updated_at: detail.updated_at,
    rating: detail.rating,
    isBundle: detail.isBundle,
    includedResourceIds: detail.includedResourceIds,
  };
}
