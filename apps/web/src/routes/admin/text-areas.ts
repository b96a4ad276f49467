import { DEFAULT_TEXTS } from "@market/domain";
import { CAPTCHA_TEXTS } from "../../auth/captcha-texts.ts";
import { ACCOUNT_TEXTS } from "../account/account-texts.ts";
import { ADVERTISING_TEXTS } from "../advertising/advertising-texts.ts";
import { BULK_EMAIL_TEXTS } from "../bulk-email/bulk-email-texts.ts";
import { CATALOGUE_TEXTS } from "../catalogue/catalogue-texts.ts";
import { HOME_TEXTS } from "../catalogue/home-texts.ts";
import { CHECKOUT_TEXTS } from "../checkout/checkout-texts.ts";
import { COUPON_TEXTS } from "../checkout/coupon-texts.ts";
import { RECEIPT_TEXTS } from "../checkout/receipt-texts.ts";
import { CONVERSATION_TEXTS } from "../conversations/conversation-texts.ts";
import { EARNINGS_TEXTS } from "../earnings/earnings-texts.ts";
import { INSIGHT_TEXTS } from "../earnings/insight/insight-texts.ts";
import { PROMOTION_TEXTS } from "../earnings/promotions-texts.ts";
import { HELP_TEXTS } from "../help/help-texts.ts";
import { LIBRARY_TEXTS } from "../library/library-texts.ts";
import { PROFILE_TEXTS } from "../profile/profile-texts.ts";
import { PUBLISHING_TEXTS } from "../publishing/publishing-texts.ts";
import { REVIEW_TEXTS } from "../resources/reviews/review-texts.ts";
import { STATISTICS_TEXTS } from "../statistics/statistics-texts.ts";
import { ADMIN_TEXTS } from "./admin-texts.ts";
import { SETTINGS_TEXTS } from "./settings-texts.ts";
import { USERS_TEXTS } from "./users-texts.ts";

/**
 * Every screen area's copy (its *-texts.ts) beside the shell's (the domain's DEFAULT_TEXTS). A stored text
 * overrides its key wherever it is used, so no two areas may share a key (text-areas.test.ts): a shared
 * key would let one override change two screens, and the editor could show only one default.
 */
export const TEXT_AREAS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  shell: DEFAULT_TEXTS,
  account: ACCOUNT_TEXTS,
  admin: ADMIN_TEXTS,
  advertising: ADVERTISING_TEXTS,
  bulkEmail: BULK_EMAIL_TEXTS,
  captcha: CAPTCHA_TEXTS,
  catalogue: CATALOGUE_TEXTS,
  checkout: CHECKOUT_TEXTS,
  coupons: COUPON_TEXTS,
  conversations: CONVERSATION_TEXTS,
  earnings: EARNINGS_TEXTS,
  help: HELP_TEXTS,
  insight: INSIGHT_TEXTS,
  library: LIBRARY_TEXTS,
  profile: PROFILE_TEXTS,
  promotions: PROMOTION_TEXTS,
  home: HOME_TEXTS,
  publishing: PUBLISHING_TEXTS,
  receipts: RECEIPT_TEXTS,
  reviews: REVIEW_TEXTS,
  settings: SETTINGS_TEXTS,
  statistics: STATISTICS_TEXTS,
  users: USERS_TEXTS,
};

/** Every text the site shows, with its default. */
export const ALL_TEXT_DEFAULTS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...Object.values(TEXT_AREAS),
);
