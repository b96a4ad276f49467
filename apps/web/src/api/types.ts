import type {
  colorsResponseSchema,
  cssOverrideResponseSchema,
  favoriteIdsResponseSchema,
  favoriteResponseSchema,
  followingResponseSchema,
  followResponseSchema,
  frontEndSettingsSchema,
  offlineResponseSchema,
  proTipResponseSchema,
  referralResponseSchema,
  resourcePageSchema,
  selfResourcesResponseSchema,
  textsResponseSchema,
  userSummarySchema,
} from "@market/domain";
import type { z } from "zod";

/** Response types inferred from the domain contract (never redeclared here). */
export type FrontEndSettingsResponse = z.infer<typeof frontEndSettingsSchema>;
export type OfflineResponse = z.infer<typeof offlineResponseSchema>;
export type CssOverrideResponse = z.infer<typeof cssOverrideResponseSchema>;
export type TextsResponse = z.infer<typeof textsResponseSchema>;
export type ColorsResponse = z.infer<typeof colorsResponseSchema>;
export type ProTipResponse = z.infer<typeof proTipResponseSchema>;
export type FavoriteResponse = z.infer<typeof favoriteResponseSchema>;
export type FavoriteIdsResponse = z.infer<typeof favoriteIdsResponseSchema>;
export type FollowResponse = z.infer<typeof followResponseSchema>;
export type FollowingResponse = z.infer<typeof followingResponseSchema>;
export type FollowedCreator = FollowingResponse["following"][number];
export type ResourcePage = z.infer<typeof resourcePageSchema>;
export type SelfResourcesResponse = z.infer<typeof selfResourcesResponseSchema>;
export type UserSummaryResponse = z.infer<typeof userSummarySchema>;
export type UserSummary = UserSummaryResponse["user"];
export type ReferralResponse = z.infer<typeof referralResponseSchema>;

export type {
  PublishingListItem,
  PublishingPreview,
  PublishingResource,
} from "@market/domain";
