import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy the profile screens add to the portfolio's (which are the catalogue's, catalogue-texts.ts): the
 * creator's overall rating (issue 21). Admins can override any key through the site texts.
 */
export const PROFILE_TEXTS = {
  "profile.rating": "Rating",
  "profile.rating.summary": "{average} out of 5",
  "profile.rating.reviews": "from {count} reviews",
  "profile.rating.oneReview": "from 1 review",
} as const satisfies Record<string, string>;

export type ProfileTextKey = keyof typeof PROFILE_TEXTS;

export function useProfileTexts() {
  return useAreaTexts(PROFILE_TEXTS);
}
