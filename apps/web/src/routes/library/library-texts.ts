import { useAreaTexts } from "../../state/site-config.ts";

/** Copy of My resources (/profile/purchases): what the signed-in teacher owns. Admins can override any key. */
export const LIBRARY_TEXTS = {
  "library.title": "My resources",
  "library.intro": "Everything you bought, received as a gift or downloaded free, ready to download again.",
  "library.count": "{count} resources",
  "library.countOne": "1 resource",
  "library.loading": "Loading your resources",
  "library.loadFailed": "We could not load your resources. Check your connection and try again.",
  "library.retry": "Try again",
  "library.empty": "Nothing here yet",
  "library.emptyBody":
    "Resources you buy, receive as a gift or download free appear here, so you can download them again any time.",
  "library.browse": "Browse resources",
  "library.by": "by {name}",
  "library.bought": "Bought on {date} for {amount}",
  "library.seats": "{seats} seats",
  "library.manageSeats": "Give your colleagues their seats",
  "library.licensedBy": "Licensed to you by {name} on {date}",
  "library.gift": "Gift from {name} · {date}",
  "library.free": "Free download · {date}",
  "library.inBundle": "In the bundle",
  "library.bundleBadge": "Bundle",
  "library.bundleContents": "Its resources are listed one by one",
  "library.download": "Download",
  "library.downloadTitle": "Download {title}",
  "library.giftBadge": "Gift",
  "library.unavailable": "No longer available",
} as const satisfies Record<string, string>;

export type LibraryTextKey = keyof typeof LIBRARY_TEXTS;

export function useLibraryTexts(): (key: LibraryTextKey, values?: Record<string, string>) => string {
  return useAreaTexts(LIBRARY_TEXTS);
}
