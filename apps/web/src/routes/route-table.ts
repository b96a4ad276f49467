import type { ComponentType } from "react";
import { data, redirect } from "react-router";
import type { Access } from "../guards/authentication.ts";
import { getSession, isSafeLocalPath } from "../state/session.ts";
import * as HomePage from "./catalogue/HomePage.tsx";
import { prefetchHome, prefetchResourceList } from "./catalogue/resource-list.ts";
import * as ResourcePage from "./resources/ResourcePage.tsx";
import { prefetchResource } from "./resources/resource-query.ts";

/**
 * Every route of spec section 2, as data: its path, who may open it (spec section 6), its title and what
 * it is for, and the lazily loaded screen. Screens that later issues build use the pending screen, which
 * shows the title and purpose in the layout. router.tsx turns this table into the data router.
 */
export interface ScreenModule {
  default: ComponentType;
}

export interface RouteEntry {
  path: string;
  access: Access;
  title: string;
  purpose: string;
  screen?: () => Promise<ScreenModule>;
  /** A route that only forwards elsewhere (index-all). */
  redirectTo?: string;
  /** The last guard, "loader": starts or fetches what the screen needs; may return a redirect Response. */
  load?: (url: URL) => unknown;
  /**
   * Starts fetching the public data the screen shows (a catalogue page, a resource) without waiting, as
   * soon as offline mode has passed, so it travels alongside the configuration rather than after it.
   */
  prefetch?: (url: URL) => void;
}

const pending = () => import("./PendingScreen.tsx");
const portfolio = () => import("./profile/PortfolioScreen.tsx");
const resourcePage = async () => ResourcePage;
const downloaded = () => import("./resources/DownloadedPage.tsx");
const wizard = () => import("./publishing/ResourceWizard.tsx");
const bundleEditor = () => import("./resources/bundles/BundleEditorPage.tsx");
const earnings = () => import("./earnings/EarningsPage.tsx");
const reviewQueue = () => import("./admin/ReviewQueuePage.tsx");
const payflowPage = () => import("./checkout/PayflowPage.tsx");
const offers = () => import("./offers/OffersPage.tsx");
const createAd = () => import("./advertising/CreateAdPage.tsx");
const adWizard = () => import("./advertising/AdWizard.tsx");
const tip = () => import("./checkout/TipPage.tsx");
const tipDone = () => import("./checkout/TipCompletedPage.tsx");
const tipSummary = () => import("./checkout/TipSummaryPage.tsx");
const donate = () => import("./checkout/DonatePage.tsx");
const donateDone = () => import("./checkout/DonateCompletedPage.tsx");
const donationStart = () => import("./checkout/DonationStartPage.tsx");
const donationCancel = () => import("./checkout/DonationCancelPage.tsx");

function route(
  access: Access,
  path: string,
  title: string,
  purpose: string,
  extra: Partial<RouteEntry> = {},
) {
  return { path, access, title, purpose, screen: pending, ...extra } satisfies RouteEntry;
}
/** Profile paths take the form /profile/@{username}/...; anything else there is not a page. */
function requireAtHandle(url: URL): null {
  if (!url.pathname.split("/")[2]?.startsWith("@"))
    throw data("Not Found", { status: 404, statusText: "Not Found" });
  return null;
}

/** /profile/settings and /profile/status open the signed-in user's own page under /profile/@{username}/. */
function toOwnProfile(section: string) {
  return () => {
    const username = getSession()?.user?.username;
    return username ? redirect(`/profile/@${encodeURIComponent(username)}/${section}`) : null;
  };
}

const open = (path: string, title: string, purpose: string, extra?: Partial<RouteEntry>) =>
  route("public", path, title, purpose, extra);
const signedIn = (path: string, title: string, purpose: string, extra?: Partial<RouteEntry>) =>
  route("login", path, title, purpose, extra);
const adminOnly = (path: string, title: string, purpose: string, extra?: Partial<RouteEntry>) =>
  route("admin", path, title, purpose, extra);

const publicAndAccount: RouteEntry[] = [
  open("/", "Teaching resources", "Browse teaching resources.", {
    screen: async () => HomePage,
    prefetch: prefetchHome,
  }),
  open("/new", "New resources", "The newest teaching resources.", {
    screen: () => import("./catalogue/NewPage.tsx"),
    prefetch: prefetchResourceList("newest"),
  }),
  open("/featured", "Featured resources", "Resources our curators feature.", {
    screen: () => import("./catalogue/FeaturedPage.tsx"),
    prefetch: prefetchResourceList("newest", true),
  }),
  open("/help", "Help", "Answers to common questions, a pro tip and the help book.", {
    screen: () => import("./help/HelpPage.tsx"),
  }),
  open("/offline", "We'll be right back", "The marketplace is down for maintenance.", {
    screen: () => import("./site/OfflinePage.tsx"),
  }),
  open("/offers", "Offers", "Offers from the advertisers who keep the marketplace free.", { screen: offers }),
  open("/offers/:index", "Offer", "One offer from an advertiser.", { screen: offers }),
  open("/ref", "Referral", "Records the referral link you followed and takes you on.", {
    // The ref-code guard has stored ?refCode= by now (guard 4); this only forwards, to ?to= when local.
    load: (url) => {
      const to = url.searchParams.get("to");
      return redirect(to && isSafeLocalPath(to) ? to : "/");
    },
  }),
  open("/first-tip", "Your first tip", "How tipping a creator works, before you send your first tip.", {
    screen: () => import("./checkout/FirstTipPage.tsx"),
  }),
  // The link at the foot of every bulk e-mail (issue 9): stop receiving e-mails sent to all users.
  open("/unsubscribe", "Unsubscribe", "Stop receiving e-mails sent to all users.", {
    screen: () => import("./bulk-email/UnsubscribePage.tsx"),
  }),
  open("/terms-accepted", "Terms accepted", "Confirms that you accepted the updated terms of service.", {
    screen: () => import("./help/TermsAcceptedPage.tsx"),
  }),
  open(
    "/resource-not-found",
    "Resource not found",
    "The resource you followed was removed or never existed.",
    { screen: () => import("./site/ResourceNotFoundPage.tsx") },
  ),
  open("/login", "Log in", "Sign in with your username or e-mail address and password.", {
    screen: () => import("./account/LoginPage.tsx"),
  }),
  open("/logout", "Log out", "Signs you out of the marketplace.", {
    load: async () => (await import("./account/logout.ts")).logout(),
  }),
  open("/token-login", "Signing you in", "Signs you in with the link we e-mailed you.", {
    screen: () => import("./account/TokenLoginPage.tsx"),
  }),
  open(
    "/sign-up",
    "Sign up",
    "Create a free account to favorite resources, follow creators and publish your own.",
    { screen: () => import("./account/SignUpPage.tsx") },
  ),
  open("/sign-up/success", "Welcome aboard", "Your account is ready.", {
    screen: () => import("./account/SignUpSuccessPage.tsx"),
  }),
  signedIn("/support", "Support", "Ask the support team for help and follow your conversations.", {
    screen: () => import("./conversations/SupportPage.tsx"),
  }),
  signedIn("/favorites", "Favorites", "The resources you saved for later.", {
    screen: () => import("./discovery/FavoritesPage.tsx"),
  }),
  signedIn("/following", "Following", "The creators you follow and what they published.", {
    screen: () => import("./discovery/FollowingPage.tsx"),
  }),
  signedIn("/publishing", "Publishing", "The resources you publish, their status and a way to add more.", {
    screen: () => import("./publishing/PublishingPage.tsx"),
  }),
  open("/portfolio", "Portfolio", "A creator's published resources and profile.", { screen: portfolio }),
  signedIn("/profile", "Your account", "Your resources, profile, sharing links, settings and status.", {
    load: toOwnProfile("resources"),
  }),
  signedIn("/profile/tip-completed", "Tip sent", "Confirms the tip you sent.", { screen: tipDone }),
  signedIn("/profile/tip-summary", "Tip summary", "A summary of the tips you sent.", { screen: tipSummary }),
  signedIn("/profile/purchases", "My resources", "Everything you bought, were given or downloaded free.", {
    screen: () => import("./library/LibraryPage.tsx"),
  }),
  signedIn(
    "/profile/licences",
    "Licences",
    "Resources you bought for colleagues, and ones colleagues gave you.",
    {
      screen: () => import("./licences/LicencesPage.tsx"),
    },
  ),
  signedIn("/profile/resources", "Your resources", "The resources on your profile.", {
    load: toOwnProfile("resources"),
  }),
  signedIn("/profile/about", "About you", "What other teachers see about you.", {
    load: toOwnProfile("about"),
  }),
  signedIn("/profile/share", "Share your profile", "Links to share your profile and earn referrals.", {
    load: toOwnProfile("share"),
  }),
  signedIn("/profile/settings", "Account settings", "Your name, e-mail address, password and preferences.", {
    load: toOwnProfile("settings"),
  }),
  signedIn("/profile/status", "Account status", "The standing of your account.", {
    load: toOwnProfile("status"),
  }),
  open("/profile/:handle", "Profile", "A creator's profile.", { load: requireAtHandle, screen: portfolio }),
  open("/profile/:handle/about", "About", "About this creator.", {
    load: requireAtHandle,
    screen: portfolio,
  }),
  open("/profile/:handle/resources", "Resources", "This creator's resources.", {
    load: requireAtHandle,
    screen: portfolio,
  }),
  signedIn("/profile/:handle/message", "Send a message", "Write to this creator.", {
    load: requireAtHandle,
    screen: portfolio,
  }),
  signedIn("/profile/messages", "Your messages", "Messages other users sent you.", {
    load: toOwnProfile("messages"),
  }),
  signedIn("/profile/:handle/messages", "Your messages", "Messages other users sent you.", {
    load: requireAtHandle,
    screen: () => import("./conversations/InboxPage.tsx"),
  }),
  signedIn(
    "/profile/:handle/settings",
    "Account settings",
    "Your name, e-mail address, password and preferences.",
    { load: requireAtHandle, screen: () => import("./account/SettingsPage.tsx") },
  ),
  signedIn("/profile/:handle/share", "Share", "Links to share this profile.", {
    load: requireAtHandle,
    screen: portfolio,
  }),
  signedIn("/profile/:handle/status", "Account status", "The standing of this account.", {
    load: requireAtHandle,
    screen: () => import("./account/StatusPage.tsx"),
  }),
  signedIn("/profile/:handle/tip", "Send a tip", "Thank this creator with a tip.", {
    load: requireAtHandle,
    screen: portfolio,
  }),
  signedIn("/earnings", "Earnings", "What your resources and tips have earned.", { screen: earnings }),
  signedIn("/earnings/activity", "Earnings activity", "Every sale and tip, newest first.", {
    screen: earnings,
  }),
  signedIn("/earnings/insight", "Insight", "Views, visitors, downloads and sales of your resources.", {
    screen: earnings,
  }),
  signedIn("/earnings/data", "Earnings data", "Your earnings as a table you can download.", {
    screen: earnings,
  }),
  signedIn("/earnings/graph", "Earnings graph", "Your earnings over time.", { screen: earnings }),
  signedIn("/earnings/payout", "Payout", "Request a payout of your available balance.", { screen: earnings }),
  signedIn("/earnings/ratings", "Ratings", "How teachers rate each of your resources.", { screen: earnings }),
  signedIn("/earnings/promotions", "Sales & coupons", "Run store-wide sales and make coupon codes.", {
    screen: earnings,
  }),
  signedIn("/tip/:id", "Send a tip", "Thank a creator with a tip.", { screen: tip }),
  signedIn("/tip/completed", "Tip sent", "Confirms the tip you sent.", { screen: tipDone }),
  signedIn("/tip/:id/completed", "Tip sent", "Confirms the tip you sent.", { screen: tipDone }),
  signedIn("/payflow", "Payment", "Follows a payment through checkout.", {
    // The bare route shows where the last checkout ended, if it did; otherwise there is nothing to follow.
    load: async () => {
      const { payflow } = await import("../state/payflow.ts");
      return redirect(payflow.outcome ? `/payflow/${payflow.outcome}` : "/");
    },
  }),
  signedIn("/payflow/cancel", "Payment canceled", "The payment was canceled; nothing was charged.", {
    screen: payflowPage,
  }),
  signedIn("/payflow/error", "Payment failed", "The payment did not go through.", { screen: payflowPage }),
  signedIn("/payflow/success", "Payment complete", "The payment went through.", { screen: payflowPage }),
  open(
    "/donation",
    "Support the marketplace",
    "A donation keeps the marketplace running for every teacher.",
    {
      screen: donationStart,
    },
  ),
  open("/donation/cancel", "Donation canceled", "The donation was canceled; nothing was charged.", {
    screen: donationCancel,
  }),
  open("/donation/payment", "Donate", "Choose an amount and pay your donation.", { screen: donate }),
  open("/donation/payment/completed", "Thank you", "Your donation went through.", { screen: donateDone }),
  signedIn("/donate", "Donate", "Donate to the marketplace.", { screen: donationStart }),
  signedIn("/donate/cancel", "Donation canceled", "The donation was canceled; nothing was charged.", {
    screen: donationCancel,
  }),
  signedIn("/donate/completed", "Thank you", "Your donation went through.", { screen: donateDone }),
  signedIn("/donate/payment", "Donate", "Pay your donation.", { screen: donate }),
  signedIn("/helpbook", "Help book", "Articles, images and videos about using the marketplace.", {
    screen: () => import("./help/HelpbookPage.tsx"),
  }),
  signedIn("/helpbook/accept-terms", "Updated terms", "Read and accept the changed terms of service.", {
    screen: () => import("./help/AcceptTermsPage.tsx"),
  }),
  adminOnly("/helpbook/manage", "Manage the help book", "Add, edit and order help-book entries.", {
    screen: () => import("./help/ManageHelpPage.tsx"),
  }),
  signedIn("/helpbook/:id", "Help entry", "One help-book entry.", {
    screen: () => import("./help/HelpEntryPage.tsx"),
  }),
  signedIn("/helpbook/:id/video", "Help video", "The video of a help-book entry.", {
    screen: () => import("./help/HelpVideoPage.tsx"),
  }),
];

const resources: RouteEntry[] = [
  open("/resources", "Resources", "Browse teaching resources.", { redirectTo: "/" }),
  signedIn("/resources/edit", "Publish a resource", "Upload a new teaching resource step by step.", {
    screen: wizard,
  }),
  signedIn("/resources/edit/:step", "Publish a resource", "One step of uploading a new teaching resource.", {
    screen: wizard,
  }),
  open("/resources/:id", "Resource", "A teaching resource: its previews, description and price.", {
    screen: resourcePage,
    prefetch: prefetchResource,
  }),
  open("/resources/:id/view", "Resource", "A teaching resource: its previews, description and price.", {
    screen: resourcePage,
    prefetch: prefetchResource,
  }),
  adminOnly("/resources/:id/approve", "Review resource", "Approve or reject a submitted resource.", {
    screen: () => import("./publishing/ApprovePage.tsx"),
  }),
  signedIn("/resources/:id/completed", "Submitted", "Your resource was submitted for review.", {
    screen: () => import("./publishing/SubmittedPage.tsx"),
  }),
  signedIn("/resources/:id/donation", "Support the marketplace", "A donation with your download.", {
    screen: donationStart,
  }),
  signedIn("/resources/:id/downloaded", "Downloaded", "Thank you for downloading.", { screen: downloaded }),
  signedIn("/resources/:id/success", "Thank you", "Thank you for downloading.", { screen: downloaded }),
  signedIn(
    "/resources/:id/feature",
    "Feature this resource",
    "Pay to show this resource on the featured page.",
    { screen: () => import("./checkout/FeaturePage.tsx"), load: prefetchResource },
  ),
  signedIn("/resources/:id/feature/completed", "Featured", "Your resource will be featured.", {
    screen: () => import("./checkout/FeatureCompletedPage.tsx"),
  }),
  signedIn("/resources/:id/leave-tip", "Leave a tip", "Thank the creator of this resource with a tip.", {
    screen: tip,
    load: prefetchResource,
  }),
  signedIn("/resources/:id/leave-tip/completed", "Tip sent", "Confirms the tip you left.", {
    screen: tipDone,
  }),
  signedIn("/resources/:id/leave-tip/summary", "Tip summary", "A summary of the tip you left.", {
    screen: tipSummary,
  }),
  signedIn("/resources/:id/purchase", "Buy this resource", "Pay for this resource and download it.", {
    screen: () => import("./checkout/PurchasePage.tsx"),
    load: prefetchResource,
  }),
  signedIn("/resources/:id/purchase/completed", "Purchase complete", "Your purchase went through.", {
    screen: () => import("./checkout/PurchaseCompletedPage.tsx"),
  }),
  signedIn("/resources/:id/edit", "Edit resource", "Change this resource step by step.", { screen: wizard }),
  // Issue 22: a creator sells several of their resources together for less.
  signedIn("/bundles/new", "Make a bundle", "Sell several of your resources together for less.", {
    screen: bundleEditor,
  }),
  signedIn("/bundles/:id/edit", "Edit bundle", "Change the resources, words or price of your bundle.", {
    screen: bundleEditor,
  }),
  signedIn("/resources/:id/edit/:step", "Edit resource", "One step of changing this resource.", {
    screen: wizard,
  }),
];

const advertising: RouteEntry[] = [
  signedIn("/advertising", "Advertising", "Reach teachers with an ad, from $1 a day.", {
    screen: () => import("./advertising/AdvertisingPage.tsx"),
  }),
  signedIn("/advertising/create", "Create an ad", "Choose one of the five ad types.", { screen: createAd }),
  signedIn("/advertising/manage", "Your ads", "Your ads, their status and their results.", {
    screen: () => import("./advertising/ManageAdsPage.tsx"),
  }),
  signedIn("/advertising/:id", "Ad", "One ad and its results.", {
    screen: () => import("./advertising/AdEntryPage.tsx"),
  }),
  adminOnly("/advertising/:id/approve", "Review ad", "Approve or reject a submitted ad.", {
    screen: () => import("./advertising/ApproveAdScreen.tsx"),
  }),
  signedIn("/advertising/:id/submitted", "Ad submitted", "Your ad was submitted for review.", {
    screen: () => import("./advertising/AdSubmittedPage.tsx"),
  }),
  signedIn("/advertising/:id/edit", "Edit ad", "Change this ad step by step.", { screen: adWizard }),
  signedIn("/advertising/:id/edit/:step", "Edit ad", "One step of changing this ad.", { screen: adWizard }),
];

const admin: RouteEntry[] = [
  adminOnly(
    "/admin",
    "Admin",
    "Run the marketplace: users, settings, statistics, accounting and exceptions.",
    { screen: () => import("./admin/AdminHomePage.tsx") },
  ),
  adminOnly("/admin/accounting", "Accounting", "The ledger, income and payouts.", {
    screen: () => import("./earnings/AccountingPage.tsx"),
  }),
  adminOnly("/admin/coupons", "Site coupon codes", "Make and end coupon codes for the whole site.", {
    screen: () => import("./admin/SiteCouponsPage.tsx"),
  }),
  adminOnly("/admin/email-all", "E-mail all users", "Send one message to every user.", {
    screen: () => import("./bulk-email/EmailAllPage.tsx"),
  }),
  adminOnly("/admin/exceptions", "Exceptions", "Everything waiting for an admin's decision.", {
    screen: () => import("./admin/ExceptionsPage.tsx"),
  }),
  adminOnly("/admin/exceptions/advertising", "Ads to review", "Ads waiting for approval.", {
    screen: () => import("./advertising/AdQueuePage.tsx"),
  }),
  adminOnly("/admin/exceptions/payouts", "Payouts to pay", "Payout requests waiting to be paid.", {
    screen: () => import("./earnings/PayoutQueuePage.tsx"),
  }),
  adminOnly("/admin/exceptions/publishing", "Resources to review", "Resources waiting for approval.", {
    screen: () => import("./publishing/ReviewQueuePage.tsx"),
  }),
  adminOnly("/admin/exceptions/reviews", "Reported reviews", "Reviews to judge.", { screen: reviewQueue }),
  adminOnly("/admin/exceptions/refunds", "Refunds", "Refund requests to decide, and refunds of any sale.", {
    screen: () => import("./admin/RefundQueuePage.tsx"),
  }),
  adminOnly("/admin/exceptions/support", "Support threads", "Support conversations waiting for an answer.", {
    screen: () => import("./conversations/SupportQueuePage.tsx"),
  }),
  adminOnly("/admin/settings", "Site settings", "Settings, texts, colours and images of the site.", {
    screen: () => import("./admin/AdminSettingsPage.tsx"),
  }),
  adminOnly("/admin/statistics", "Statistics", "How the marketplace is doing.", {
    screen: () => import("./statistics/StatisticsPage.tsx"),
  }),
  adminOnly("/admin/users", "Users", "Find and manage user accounts.", {
    screen: () => import("./admin/UsersPage.tsx"),
  }),
];

const testPages: RouteEntry[] = [
  adminOnly("/test/captcha", "Test: captcha", "Try the captcha challenge.", {
    screen: () => import("./test/CaptchaTestPage.tsx"),
  }),
  adminOnly("/test/colors", "Test: colours", "Every colour of the pool with its text colour.", {
    screen: () => import("./test/ColorsTestPage.tsx"),
  }),
  adminOnly("/test/help-center", "Test: help center", "Try the help center.", {
    screen: () => import("./test/HelpCenterTestPage.tsx"),
  }),
  adminOnly("/test/homepage-layout", "Test: home page layout", "Try the grid layout of the home page.", {
    screen: () => import("./test/HomepageLayoutTestPage.tsx"),
  }),
  adminOnly("/test/image-rendering", "Test: image rendering", "Try how images render.", {
    screen: () => import("./test/ImageRenderingTestPage.tsx"),
  }),
  adminOnly("/test/misc", "Test: miscellaneous", "Try assorted components.", {
    screen: () => import("./test/MiscTestPage.tsx"),
  }),
  adminOnly("/test/pattern", "Test: pattern", "Try the pattern challenge.", {
    screen: () => import("./test/PatternTestPage.tsx"),
  }),
  adminOnly("/test/secret", "Test: secret", "A page only admins can open.", {
    screen: () => import("./test/SecretTestPage.tsx"),
  }),
  adminOnly("/test/sign-up", "Test: sign-up", "Try the sign-up form.", {
    screen: () => import("./test/SignUpTestPage.tsx"),
  }),
  adminOnly("/test/upload", "Test: upload", "Try file uploads.", {
    screen: () => import("./test/UploadTestPage.tsx"),
  }),
];

const fallbacks: RouteEntry[] = [
  open("/index-all", "Home", "Forwards to the home page.", { redirectTo: "/?hasError=true" }),
  open("*", "This page could not be found", "The address does not match any page.", {
    screen: () => import("./site/NotFoundPage.tsx"),
  }),
];

export const ROUTES: readonly RouteEntry[] = [
  ...publicAndAccount,
  ...resources,
  ...advertising,
  ...admin,
  ...testPages,
  ...fallbacks,
];
