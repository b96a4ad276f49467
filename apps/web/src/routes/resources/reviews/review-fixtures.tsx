import type { Review, ReviewListResponse } from "@market/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storeSession } from "../../../state/session.ts";
import { makeDetail, makeSelfUser } from "../../../test/factories.ts";
import { type Answers, renderScreen, stubFetch } from "../../../test/render.tsx";
import { inOneHour, makeToken } from "../../../test/tokens.ts";
import ResourcePage from "../ResourcePage.tsx";

/** The reviews' tests: the resource page with its API answered at the edge (test/render.tsx). */

export const RESOURCE = makeDetail({ rating: { average: 4.3, count: 3 } });
export const DETAIL = `GET /api/resources/${RESOURCE.name}`;
export const LIST_URL = `/api/resources/${RESOURCE.id}/reviews`;
export const LIST = `GET ${LIST_URL}`;
const DAY = 86_400_000;

export function makeReview(overrides: Partial<Review> = {}): Review {
  const created = new Date(Date.now() - 3 * DAY).toISOString();
  return {
    id: "r1",
    resourceId: RESOURCE.id,
    rating: 5,
    text: "My class loved it.\nWe played twice.",
    gradeTaught: "3",
    usedFor: "small-group",
    author: { id: "a1", username: "ada", first_name: "Ada", avatar_locator: null },
    createdAt: created,
    updatedAt: created,
    editableUntil: new Date(Date.now() + 27 * DAY).toISOString(),
    helpfulCount: 3,
    helpfulByMe: false,
    reportedByMe: false,
    isHidden: false,
    reply: null,
    ...overrides,
  };
}

export function makeList(overrides: Partial<ReviewListResponse> = {}): ReviewListResponse {
  return {
    reviews: [
      makeReview(),
      makeReview({
        id: "r2",
        rating: 3,
        text: "<b>Not bold</b>",
        gradeTaught: null,
        usedFor: null,
        helpfulCount: 0,
        author: { id: "a2", username: "ben", first_name: "Ben", avatar_locator: null },
        updatedAt: new Date().toISOString(),
        reply: {
          text: "Thank you, Ben!",
          createdAt: "2026-11-01T00:00:00Z",
          updatedAt: "2026-11-01T00:00:00Z",
        },
      }),
    ],
    summary: { average: 4.3, count: 3, distribution: [0, 0, 1, 0, 2] },
    page: 1,
    pageSize: 10,
    total: 2,
    mine: null,
    refusal: "sign_in",
    ...overrides,
  };
}

export function signInAs(sub: string) {
  storeSession(makeToken({ sub, exp: inOneHour() }), makeSelfUser({ id: sub }));
}

/** The resource page with its reviews answered by `list` and the other calls by `answers`. */
export function openPage(list: ReviewListResponse | Answers[string], answers: Answers = {}, path = "") {
  const listAnswer: Answers[string] = typeof list === "function" || Array.isArray(list) ? list : [200, list];
  const { calls } = stubFetch({ [DETAIL]: [200, RESOURCE], [LIST]: listAnswer, ...answers });
  const view = renderScreen(ResourcePage, `/resources/${RESOURCE.name}${path}`, "/resources/:id");
  return { ...view, calls };
}

/**
 * The reviews' section once its list has arrived. Its code is a lazy chunk, which a busy machine may take
 * a few seconds to transform the first time.
 */
export async function reviewsSection() {
  const section = await screen.findByRole("region", { name: "Reviews" }, { timeout: 5000 });
  await waitFor(() => expect(within(section).queryByText("Loading the reviews")).toBeNull(), {
    timeout: 5000,
  });
  return section;
}

/** The calls made to the list, as their query strings. */
export const listQueries = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === "GET" && c.url.startsWith(LIST_URL)).map((c) => c.url.split("?")[1] ?? "");
