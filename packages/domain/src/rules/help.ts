import type { HelpEntryType } from "./enums.ts";

/**
 * The help book (spec 3: Help entry; spec 4: help modal and entry order). Limits where the spec is silent
 * are docs/DECISIONS.md's (Help book).
 */
export const HELP_LIMITS = {
  nameMax: 80,
  shortTitleMax: 80,
  longTitleMax: 160,
  bodyMax: 20_000,
  altTextMax: 200,
  orderIndexMax: 100_000,
  feedbackMax: 2_000,
  /** An image entry's picture, checked from its decoded content. */
  imageMaxBytes: 2 * 1024 * 1024,
  /** A video entry's MP4 or WebM file, checked from its container signature and streamed size. */
  videoMaxBytes: 50 * 1024 * 1024,
  /** The help book is small (tens of entries); a page of the list holds this many. */
  pageSize: 100,
} as const;

/** Help-book ids in URLs are entry names (spec 2): lowercase words joined by hyphens. */
export const HELP_ENTRY_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Names the /helpbook routes use for themselves: 'new-article', 'new-image' and 'new-video' open a blank entry
 * of that type (spec 2), and manage and accept-terms are pages, so no entry may be called any of them.
 */
export const HELP_NEW_ENTRY_IDS = {
  "new-article": "article",
  "new-image": "image",
  "new-video": "video",
} as const satisfies Record<string, HelpEntryType>;
export const HELP_RESERVED_NAMES: readonly string[] = [
  ...Object.keys(HELP_NEW_ENTRY_IDS),
  "manage",
  "accept-terms",
];

/** The entry type a /helpbook/{id} id opens blank, or null when the id names an existing entry. */
export function newHelpEntryType(id: string): HelpEntryType | null {
  return Object.hasOwn(HELP_NEW_ENTRY_IDS, id)
    ? HELP_NEW_ENTRY_IDS[id as keyof typeof HELP_NEW_ENTRY_IDS]
    : null;
}

export interface HelpOrderFacts {
  type: HelpEntryType;
  order_index: number;
  /** Set while an article carries changed terms of service. */
  terms_changed_at: string | Date | null;
  name: string;
}

/**
 * The group an entry sorts in (spec 4): "Help entries are sorted: changed-terms articles first, then articles,
 * images and videos by order_index." The server's SQL orders by the same groups (a test proves they agree).
 */
export function helpEntryGroup(entry: Pick<HelpOrderFacts, "type" | "terms_changed_at">): 0 | 1 | 2 | 3 {
  if (entry.type === "article") return entry.terms_changed_at ? 0 : 1;
  return entry.type === "image" ? 2 : 3;
}

/** Group, then order_index; the name breaks ties so the order never depends on how rows arrived. */
export function compareHelpEntries(a: HelpOrderFacts, b: HelpOrderFacts): number {
  return (
    helpEntryGroup(a) - helpEntryGroup(b) ||
    a.order_index - b.order_index ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

export function sortHelpEntries<T extends HelpOrderFacts>(entries: readonly T[]): T[] {
  return [...entries].sort(compareHelpEntries);
}

/**
 * Whether a user still has to accept an article's changed terms (spec 7: tos-changed lists "the changes a user
 * has not accepted"). An acceptance counts only if it came after the latest change; someone who signed up after
 * the change agreed to the terms as they stood then (DECISIONS.md, Help book).
 */
export function isTermsAcceptancePending(facts: {
  termsChangedAt: Date | null;
  acceptedAt: Date | null;
  userCreatedAt: Date;
}): boolean {
  const { termsChangedAt, acceptedAt, userCreatedAt } = facts;
  if (!termsChangedAt) return false;
  if (userCreatedAt >= termsChangedAt) return false;
  return !acceptedAt || acceptedAt < termsChangedAt;
}
