import {
  GRADES,
  type Grade,
  REVIEW_LIMITS,
  REVIEW_SORTS,
  type Review,
  type ReviewListResponse,
  type ReviewSort,
} from "@market/domain";
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../../api/client.ts";
import { useSession } from "../../../state/session.ts";

/**
 * Which reviews the page shows: the order, the grade taught and the page, kept in the address (?sort=,
 * ?grade=, ?page=) so that the app's Pagination pages them, Back returns to them and a link shares them.
 */
export interface ReviewView {
  sort: ReviewSort;
  grade: Grade | undefined;
  page: number;
}

const isSort = (value: string | null): value is ReviewSort => REVIEW_SORTS.some((sort) => sort === value);
const isGrade = (value: string | null): value is Grade => GRADES.some((grade) => grade === value);

/** The address's view; a value the list does not know falls back to the default rather than failing. */
export function readReviewView(search: URLSearchParams): ReviewView {
  const sort = search.get("sort");
  const grade = search.get("grade");
  const page = Number(search.get("page"));
  return {
    sort: isSort(sort) ? sort : "helpful",
    grade: isGrade(grade) ? grade : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Every list of a resource's reviews, whoever looks and however sorted: what a change refreshes. */
export const reviewsKey = (resourceId: string) => ["reviews", resourceId] as const;

/** GET /resources/{id}/reviews as `viewerId` sees it (their own review, whether they may write one). */
export function reviewListQuery(resourceId: string, viewerId: string, view: ReviewView) {
  return queryOptions({
    queryKey: [...reviewsKey(resourceId), viewerId, view.sort, view.grade ?? "", view.page],
    queryFn: ({ signal }) =>
      api.call("GET /resources/:id/reviews", {
        params: { id: resourceId },
        query: { sort: view.sort, page: view.page, ...(view.grade ? { grade: view.grade } : {}) },
        signal,
      }),
    // Another order or page keeps the list in place until the new one arrives, so the page does not jump.
    placeholderData: keepPreviousData,
    // Asked again whenever the page opens: a download or a purchase elsewhere (its thank-you page, the
    // checkout) changes whether the viewer may review, and the prompt must know at once.
    staleTime: 0,
  });
}

/**
 * The list the address asks for. The section and the prompt beside the price box call it alike and share
 * one request.
 */
export function useReviewList(resourceId: string) {
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const view = readReviewView(search);
  const query = useQuery(reviewListQuery(resourceId, session?.claims.sub ?? "", view));
  /** Another order or grade starts again at page 1; the page keeps its scroll position. */
  const changeView = useCallback(
    (change: Partial<Pick<ReviewView, "sort" | "grade">>) => {
      const next = new URLSearchParams(search);
      next.delete("page");
      for (const [name, value] of Object.entries(change)) {
        const isDefault = value === undefined || (name === "sort" && value === "helpful");
        if (isDefault) next.delete(name);
        else next.set(name, String(value));
      }
      setSearch(next, { replace: true, preventScrollReset: true });
    },
    [search, setSearch],
  );
  return { query, view, changeView };
}

/**
 * After a review is written, edited, deleted or answered: the summary and the lists, the resource's rating
 * beside its title and on the cards (its detail and every grid are under "resources"), and a creator's
 * rating on their profile.
 */
export function useRefreshAfterReview(resourceId: string) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewsKey(resourceId) }),
      queryClient.invalidateQueries({ queryKey: ["resources"] }),
      queryClient.invalidateQueries({ queryKey: ["users", "summary"] }),
    ]);
  }, [queryClient, resourceId]);
}

/**
 * Changes one review wherever a cached list shows it (marked helpful, reported), without asking again:
 * asking again would reorder "most helpful" under the reader's pointer. A list still loading is
 * cancelled first: its answer, read before the change, would otherwise land after it and undo it.
 */
export function usePatchCachedReview(resourceId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (reviewId: string, change: Partial<Review>) => {
      await queryClient.cancelQueries({ queryKey: reviewsKey(resourceId) });
      queryClient.setQueriesData<ReviewListResponse>({ queryKey: reviewsKey(resourceId) }, (list) => {
        if (!list) return list;
        const patch = (review: Review) => (review.id === reviewId ? { ...review, ...change } : review);
        return { ...list, reviews: list.reviews.map(patch), mine: list.mine ? patch(list.mine) : null };
      });
    },
    [queryClient, resourceId],
  );
}

/** Whether the author may still edit a review (the server's editableUntil, against the reader's clock). */
export function isEditable(review: Review, now = Date.now()): boolean {
  return now < Date.parse(review.editableUntil);
}

/** "Edited" shows when a review was changed after it was written (a minute's grace for the same save). */
export function wasEdited(review: Review): boolean {
  return Date.parse(review.updatedAt) - Date.parse(review.createdAt) > 60_000;
}

export const REVIEWS_PAGE_SIZE = REVIEW_LIMITS.pageSize;
