import type { PermissionFlag } from "./enums.ts";
import { COUNTS, TIMINGS } from "./limits.ts";
import { resourceReviewsPath } from "./reviews.ts";

/**
 * The footer's rotating message (spec 4: Footer message rotation; spec 5: Footer prompt conditions).
 *
 * A cycle shows the fixed messages that apply first, in the spec's order, then one shuffled list of the
 * conditional prompts whose permission flag and condition hold together with the flex-message slots whose
 * text is non-empty and not 'Inactive'. When a cycle ends the next one is built afresh, so a prompt
 * disappears as soon as its condition stops holding (a first resource published, a payout requested).
 * A forced message (just logged in, just logged out, error, e-mail error, needs mail verification) takes
 * priority over the cycle; the flags are reset FOOTER_FLAG_RESET_MS after the footer rotates. Without a
 * loaded user the footer shows account-creation.
 *
 * Every message must be true when it shows (issue 18): a new account is welcomed as new (its own flag,
 * justSignedUp, ahead of the spec's five), the signed-in messages never show to a visitor nor the
 * signed-out one to a signed-in user, and the verification reminder stops once the address is verified.
 * A prompt of the cycle whose condition stopped holding since the cycle was built (fresher facts arrived)
 * is passed over rather than shown.
 *
 * Issue 21 adds a prompt that names something: after a teacher downloads or buys a resource, the footer
 * asks how it went (review-resource). The facts name the resource (reviewPrompt), and the message carries
 * it, so its words and its link stay those of one resource for as long as it shows.
 */
export const FOOTER_FLAG_RESET_MS = TIMINGS.footerResetMs;
/** How long each message stays (a decision: long enough to read a sentence between two glances). */
export const FOOTER_ROTATE_MS = 8000;

export const FOOTER_FIXED_MESSAGES = [
  "account-creation",
  "resources-count",
  "footer-notification-error",
  "sign-in-prompt",
  "footer-notification-sign-out",
  "mail-verification",
] as const;
export type FooterFixedKey = (typeof FOOTER_FIXED_MESSAGES)[number];

export const FOOTER_PROMPTS = [
  "publishing",
  "featuring",
  "advertising",
  "donation",
  "unpaid-earnings",
  "password-update",
  "two-factor",
  "secondary-email",
  "favorites-null",
  "tipped-none",
  "referral",
  "support-request",
  "review-resource",
] as const;
export type FooterPromptKey = (typeof FOOTER_PROMPTS)[number];

/** The forced messages, in the spec's order, which is also their priority when several are raised at once. */
export const FOOTER_FLAGS = [
  "justSignedUp",
  "justLoggedIn",
  "justLoggedOut",
  "error",
  "emailError",
  "needsMailVerification",
] as const;
export type FooterFlag = (typeof FOOTER_FLAGS)[number];
export type FooterFlags = Readonly<Record<FooterFlag, boolean>>;
export const NO_FOOTER_FLAGS: FooterFlags = {
  justSignedUp: false,
  justLoggedIn: false,
  justLoggedOut: false,
  error: false,
  emailError: false,
  needsMailVerification: false,
};

/**
 * The e-mail error and the welcome of a new account have no fixed slot of their own in the spec; each gets
 * its own text (docs/DECISIONS.md).
 */
export type FooterForcedOnlyKey = "footer-notification-email-error" | "footer-notification-welcome";
export type FooterMessageKey = FooterFixedKey | FooterPromptKey | FooterForcedOnlyKey;

/** The resource the review prompt asks about (the server's reviewPromptFor). */
export interface FooterReviewPrompt {
  id: string;
  /** Its address: /resources/{name}. */
  name: string;
  title: string;
}

export type FooterMessage =
  | { kind: "fixed"; key: FooterFixedKey | FooterForcedOnlyKey }
  /** `resource`: the one review-resource asks about; no other prompt names one. */
  | { kind: "prompt"; key: FooterPromptKey; resource?: FooterReviewPrompt }
  | { kind: "flex"; slot: number };

/** Which message each flag forces. Logging in confirms with the sign-in message (sign-in-prompt). */
export const FORCED_MESSAGE: Readonly<Record<FooterFlag, FooterMessage>> = {
  justSignedUp: { kind: "fixed", key: "footer-notification-welcome" },
  justLoggedIn: { kind: "fixed", key: "sign-in-prompt" },
  justLoggedOut: { kind: "fixed", key: "footer-notification-sign-out" },
  error: { kind: "fixed", key: "footer-notification-error" },
  emailError: { kind: "fixed", key: "footer-notification-email-error" },
  needsMailVerification: { kind: "fixed", key: "mail-verification" },
};

/**
 * What the conditions need to know about the signed-in user, supplied by the server in one call
 * (GET /api/users/self/footer-facts) so the footer never asks once per prompt.
 */
export interface FooterFacts {
  permissions: Readonly<Record<PermissionFlag, boolean>>;
  /** Resources listed in the catalogue, for resources-count. */
  resourcesCount: number;
  /** The user's own resources in any state (publishing: "user has no resources"). */
  ownResources: number;
  /** The user's resources that are published: approved and active (featuring). */
  publishedResources: number;
  ads: number;
  donatedWithinYear: boolean;
  /** Cents a payout request would pay now (the earnings balance's eligiblePayout). */
  eligiblePayout: number;
  passwordExpired: boolean;
  hasSecurityPattern: boolean;
  hasRecoveryEmail: boolean;
  emailVerified: boolean;
  favorites: number;
  hasTipped: boolean;
  /**
   * A resource the user downloaded or bought lately, listed, not their own and not yet reviewed by them,
   * which the footer asks them to review; null when there is none.
   */
  reviewPrompt: FooterReviewPrompt | null;
}

interface PromptRule {
  /** The permission flag the prompt needs; null for prompts that every account may act on. */
  permission: PermissionFlag | null;
  holds: (facts: FooterFacts) => boolean;
}

/** Spec 5, Footer prompt conditions, one row per prompt; permission flags are spec 6's (a decision where silent). */
export const FOOTER_PROMPT_RULES: Readonly<Record<FooterPromptKey, PromptRule>> = {
  publishing: { permission: "upload", holds: (f) => f.ownResources === 0 },
  featuring: { permission: "payments", holds: (f) => f.publishedResources > 0 },
  advertising: { permission: "advertise", holds: (f) => f.ads === 0 },
  donation: { permission: "payments", holds: (f) => !f.donatedWithinYear },
  "unpaid-earnings": { permission: "payments", holds: (f) => f.eligiblePayout > 0 },
  "password-update": { permission: "controls", holds: (f) => f.passwordExpired },
  "two-factor": { permission: "controls", holds: (f) => !f.hasSecurityPattern },
  "secondary-email": { permission: "controls", holds: (f) => !f.hasRecoveryEmail },
  "favorites-null": { permission: null, holds: (f) => f.favorites === 0 },
  "tipped-none": { permission: "payments", holds: (f) => !f.hasTipped },
  referral: { permission: null, holds: () => true },
  // Support stays open to every account, including one whose messages permission was withdrawn.
  "support-request": { permission: null, holds: () => true },
  // Issue 21: any account that used a resource may review it; the server says which one to ask about.
  "review-resource": { permission: null, holds: (f) => f.reviewPrompt !== null },
};

/** A prompt shows only when the user's permission flag holds and its condition is true. */
export function footerPromptShows(key: FooterPromptKey, facts: FooterFacts): boolean {
  const rule = FOOTER_PROMPT_RULES[key];
  return (rule.permission === null || facts.permissions[rule.permission] === true) && rule.holds(facts);
}

export const flexTextKey = (slot: number) => `flex.${slot}`;

/** The flex slots (1 to 25) whose text is non-empty and not 'Inactive'. */
export function activeFlexSlots(texts: Readonly<Record<string, string>>): number[] {
  const slots: number[] = [];
  for (let slot = 1; slot <= COUNTS.flexMessageSlots; slot += 1) {
    const text = texts[flexTextKey(slot)]?.trim() ?? "";
    if (text !== "" && text !== "Inactive") slots.push(slot);
  }
  return slots;
}

/** Who the footer is talking to: null for a visitor (or while the signed-in user is not loaded). */
export interface FooterAudience {
  emailVerified: boolean;
}

/** Whether a flag's message is true for this audience now (issue 18: never "signed in" to a visitor). */
export function footerFlagApplies(flag: FooterFlag, user: FooterAudience | null): boolean {
  switch (flag) {
    case "justSignedUp":
    case "justLoggedIn":
      return user !== null;
    case "justLoggedOut":
      return user === null;
    case "needsMailVerification":
      return user !== null && !user.emailVerified;
    default:
      return true;
  }
}

/** The forced message of the raised flags that apply, by the spec's order; null when none does. */
export function forcedFooterMessage(flags: FooterFlags, user: FooterAudience | null): FooterMessage | null {
  const flag = FOOTER_FLAGS.find((name) => flags[name] && footerFlagApplies(name, user));
  return flag ? FORCED_MESSAGE[flag] : null;
}

/**
 * The fixed messages that apply to a loaded user, in the spec's order. account-creation is for visitors,
 * and the notifications (error, sign-in, sign-out) are shown only when forced; resources-count shows when
 * the catalogue has resources and mail-verification while the address is unverified.
 */
export function fixedFooterMessages(facts: FooterFacts | null, emailVerified: boolean): FooterMessage[] {
  const fixed: FooterMessage[] = [];
  if (facts && facts.resourcesCount > 0) fixed.push({ kind: "fixed", key: "resources-count" });
  if (!emailVerified) fixed.push({ kind: "fixed", key: "mail-verification" });
  return fixed;
}

export type Shuffle = <T>(items: readonly T[]) => T[];

/** Fisher-Yates with an injected random source, so a test can make it deterministic. */
export function shuffleWith(random: () => number): Shuffle {
  return <T>(items: readonly T[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
}

export type FooterUserInput = FooterAudience;

/**
 * One cycle of the rotation for a loaded user: the fixed messages, then the eligible prompts and the
 * active flex slots shuffled together. While the facts are not loaded no conditional prompt is known to
 * hold, so only the fixed messages and the flex slots take part.
 */
export function buildFooterCycle(
  user: FooterUserInput,
  facts: FooterFacts | null,
  texts: Readonly<Record<string, string>>,
  shuffle: Shuffle,
): FooterMessage[] {
  const prompts: FooterMessage[] = facts
    ? FOOTER_PROMPTS.filter((key) => footerPromptShows(key, facts)).map((key) =>
        key === "review-resource" && facts.reviewPrompt
          ? { kind: "prompt" as const, key, resource: facts.reviewPrompt }
          : { kind: "prompt" as const, key },
      )
    : [];
  const flex: FooterMessage[] = activeFlexSlots(texts).map((slot) => ({ kind: "flex" as const, slot }));
  return [...fixedFooterMessages(facts, user.emailVerified), ...shuffle([...prompts, ...flex])];
}

export interface FooterRotation {
  cycle: readonly FooterMessage[];
  /** The position in the cycle of the message shown; -1 before the first. */
  position: number;
}
export const START_OF_ROTATION: FooterRotation = { cycle: [], position: -1 };

export interface FooterStep {
  message: FooterMessage;
  rotation: FooterRotation;
}

/**
 * Whether a message of a cycle is still true with the facts known now: a prompt whose condition stopped
 * holding is not (the review prompt also when it would now name another resource). Without facts nothing
 * is known to have changed.
 */
function stillTrue(message: FooterMessage, facts: FooterFacts | null): boolean {
  if (message.kind !== "prompt" || facts === null) return true;
  if (!footerPromptShows(message.key, facts)) return false;
  return message.key !== "review-resource" || message.resource?.id === facts.reviewPrompt?.id;
}

/**
 * One rotation step. A forced message wins and leaves the cycle where it was; without a loaded user
 * the footer shows account-creation; otherwise the next message of the cycle that is still true, a new
 * cycle once the last one is used up (or empty).
 */
export function nextFooterMessage(input: {
  user: FooterUserInput | null;
  facts: FooterFacts | null;
  flags: FooterFlags;
  texts: Readonly<Record<string, string>>;
  rotation: FooterRotation;
  shuffle: Shuffle;
}): FooterStep {
  const forced = forcedFooterMessage(input.flags, input.user);
  if (forced) return { message: forced, rotation: input.rotation };
  if (!input.user)
    return { message: { kind: "fixed", key: "account-creation" }, rotation: START_OF_ROTATION };
  let { cycle, position } = input.rotation;
  position += 1;
  while (position < cycle.length && !stillTrue(cycle[position]!, input.facts)) position += 1;
  if (position >= cycle.length) {
    cycle = buildFooterCycle(input.user, input.facts, input.texts, input.shuffle);
    position = 0;
  }
  // A user always has at least the referral prompt once facts arrive; before that, the catalogue message.
  const message = cycle[position] ?? { kind: "fixed", key: "account-creation" };
  return { message, rotation: { cycle, position } };
}

/** The site-text key of a message: footer.{key} for fixed messages and prompts, flex.{slot} for flex slots. */
export function footerTextKey(message: FooterMessage): string {
  return message.kind === "flex" ? flexTextKey(message.slot) : `footer.${message.key}`;
}

/** Where a message leads, when it asks the user to do something: the review prompt to its resource's reviews. */
export function footerMessageLink(message: FooterMessage): string | null {
  if (message.kind === "flex") return null;
  if (message.kind === "prompt" && message.resource) return resourceReviewsPath(message.resource.name);
  return FOOTER_LINKS[message.key] ?? null;
}

/** The words a message's text fills in from the message itself: the review prompt's {title}. */
export function footerMessageValues(message: FooterMessage): Record<string, string> {
  return message.kind === "prompt" && message.resource ? { title: message.resource.title } : {};
}

const FOOTER_LINKS: Partial<Record<FooterMessageKey, string>> = {
  "account-creation": "/sign-up",
  "mail-verification": "/profile/settings",
  publishing: "/publishing",
  featuring: "/publishing",
  advertising: "/advertising/create",
  donation: "/donation",
  "unpaid-earnings": "/earnings/payout",
  "password-update": "/profile/settings",
  "two-factor": "/profile/settings",
  "secondary-email": "/profile/settings",
  "favorites-null": "/",
  "tipped-none": "/following",
  referral: "/profile/share",
  "support-request": "/support",
};

/** The default copy of the footer messages; admins edit them as site texts (GET /api/texts/values). */
export const FOOTER_TEXTS: Readonly<Record<string, string>> = {
  "footer.account-creation": "Create a free account to favorite resources and follow creators.",
  "footer.resources-count": "{count} teaching resources made by teachers, and counting.",
  "footer.footer-notification-error": "Something went wrong just now. Please try again in a moment.",
  "footer.footer-notification-email-error":
    "We could not send an e-mail just now. What you sent is saved; please check your address in settings.",
  "footer.sign-in-prompt": "You are signed in. Welcome back, {name}!",
  "footer.footer-notification-welcome": "Welcome to Lesson Loft, {name}! Your free account is ready.",
  "footer.footer-notification-sign-out": "You are signed out. See you soon!",
  "footer.mail-verification": "Please confirm your e-mail address: open the link we sent you.",
  "footer.publishing": "Share your teaching materials: publish your first resource.",
  "footer.featuring": "Feature one of your resources to put it at the top of the featured page.",
  "footer.advertising": "Reach teachers with an ad from $1 a day.",
  "footer.donation": "Lesson Loft is run by teachers. A small donation keeps it going.",
  "footer.unpaid-earnings": "You have earnings ready to be paid out: ask for them on your earnings page.",
  "footer.password-update": "Your password is over a year old. Please choose a new one.",
  "footer.two-factor": "Protect your account with a security pattern.",
  "footer.secondary-email": "Add a recovery e-mail address so you never lose access to your account.",
  "footer.favorites-null": "Tap the heart on a resource to keep it in your favorites.",
  "footer.tipped-none": "Thank a creator whose resource helped you with a tip.",
  "footer.referral": "Share your referral link: teachers who join through it count toward your referrals.",
  "footer.support-request": "Questions? Our support team answers every message.",
  "footer.review-resource": "How did {title} go in your classroom? Rate it",
};
