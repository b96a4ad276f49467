import { type ReviewRefusal, replaceRestrictedWords, reviewRefusal } from "@market/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { downloads, resources, reviews } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { AppError, notFound, validationFailed } from "../../platform/errors.ts";
import { boughtBy, byIdOrName, canView } from "../resources/index.ts";
import { getSiteSettings } from "../site/index.ts";

/** What the reviews' services need of a resource. */
export interface ReviewedResource {
  id: string;
  name: string;
  title: string;
  users_id: string;
  rating_count: number;
  rating_sum: number;
}

/**
 * A resource by id or name, as its page finds it, and only if its page would show it to `viewer`
 * (listed, or the viewer's own, or the viewer is an admin): otherwise 404, as the page answers.
 */
export async function findVisibleResource(
  db: Db,
  idOrName: string,
  viewer: Viewer | null,
): Promise<ReviewedResource> {
  const [row] = await db
    .select({
      id: resources.id,
      name: resources.name,
      title: resources.title,
      users_id: resources.users_id,
      approval_status: resources.approval_status,
      status: resources.status,
      rating_count: resources.rating_count,
      rating_sum: resources.rating_sum,
    })
    .from(resources)
    .where(byIdOrName(idOrName));
  if (!row || !canView(row, viewer)) throw notFound("No such resource");
  return row;
}

/**
 * A review with what deciding on it needs: its author, state and resource's creator. 404 when there is
 * none, or when its resource's page would 404 for `viewer` (its author still finds their own).
 */
export async function loadReview(db: Db, id: string, viewer: Viewer) {
  const [row] = await db
    .select({
      id: reviews.id,
      users_id: reviews.users_id,
      rating: reviews.rating,
      created_at: reviews.created_at,
      hidden_at: reviews.hidden_at,
      resource_id: reviews.resource_id,
      creator_id: resources.users_id,
      approval_status: resources.approval_status,
      status: resources.status,
    })
    .from(reviews)
    .innerJoin(resources, eq(resources.id, reviews.resource_id))
    .where(eq(reviews.id, id));
  const seen = row && (row.users_id === viewer.id || canView({ ...row, users_id: row.creator_id }, viewer));
  if (!row || !seen) throw notFound("No such review");
  return row;
}

/**
 * Has the viewer used the resource (issue 21: "bought or downloaded"): a purchase of their own, a gift
 * they claimed, or a download; and have they reviewed it. One statement of four lookups, each on a
 * unique key or an index (sales_once_per_buyer_key, sales_recipient_idx, downloads_once_per_user_key,
 * reviews_once_per_user_key). Admins are no exception: they review what they used, like anybody.
 */
export async function viewerUse(db: Db, resourceId: string, viewerId: string) {
  const result = await db.execute<{ used: boolean; reviewed: boolean }>(sql`
    select (${boughtBy(resourceId, viewerId)}
         or exists (select 1 from ${downloads} d where d.resource_id = ${resourceId} and d.users_id = ${viewerId})
           ) as used,
           exists (select 1 from ${reviews} v where v.resource_id = ${resourceId} and v.users_id = ${viewerId})
             as reviewed`);
  const row = result.rows[0];
  return { hasUsed: row?.used === true, hasReviewed: row?.reviewed === true };
}

/** Why `viewer` may not review `resource` now, or null (the domain's reviewRefusal, on the database's facts). */
export async function refusalFor(
  db: Db,
  resource: ReviewedResource,
  viewer: Viewer | null,
): Promise<ReviewRefusal | null> {
  if (!viewer) return "sign_in";
  const isCreator = viewer.id === resource.users_id;
  const use = isCreator
    ? { hasUsed: false, hasReviewed: false }
    : await viewerUse(db, resource.id, viewer.id);
  return reviewRefusal({ signedIn: true, isCreator, ...use });
}

const REFUSAL_ERRORS: Record<Exclude<ReviewRefusal, "sign_in">, () => AppError> = {
  own_resource: () => new AppError("own_resource", "You cannot review your own resource"),
  already_reviewed: () => new AppError("already_reviewed", "You have already reviewed this resource"),
  not_a_buyer: () =>
    new AppError("not_a_buyer", "Only teachers who bought or downloaded this resource may review it"),
};

/** The error a refusal is answered with. */
export function refusalError(refusal: Exclude<ReviewRefusal, "sign_in">): AppError {
  return REFUSAL_ERRORS[refusal]();
}

export const alreadyReviewed = () => REFUSAL_ERRORS.already_reviewed();

/**
 * A text with the site's restricted words replaced (spec 5, as messages are). A replacement may be
 * longer than its word, so the result is held to the same limit: past it the field is refused, naming
 * it, rather than cut or left to the database's check.
 */
export async function restrictedWordsReplacer(db: Db) {
  const { restrictedWords } = await getSiteSettings(db);
  return (field: string, text: string, max: number) => {
    const replaced = replaceRestrictedWords(text, restrictedWords);
    if (replaced.length > max) {
      throw validationFailed(
        { [field]: "too_long" },
        "The text is too long once restricted words are replaced",
      );
    }
    return replaced;
  };
}
