import { useAreaTexts } from "../../../state/site-config.ts";

/**
 * Copy of bundles (issue 22): what a bundle's page says it includes and saves, the bundles a resource is
 * in, and the creator's bundle editor. Admins can override any key through the site texts.
 */
export const BUNDLE_TEXTS = {
  "bundle.included": "What's included",
  "bundle.includedCount": "{count} resources in this bundle",
  "bundle.includedOne": "1 resource in this bundle",
  "bundle.worth": "Worth {sum} bought one by one",
  "bundle.save": "You save {saving}",
  "bundle.alsoIn": "Also in these bundles",
  "bundle.alsoInHint": "Get this resource with others for less.",
  "bundle.resourcesIn": "{count} resources",
  "editor.newTitle": "Make a bundle",
  "editor.editTitle": "Edit your bundle",
  "editor.intro":
    "Sell 2 to 50 of your published resources together for less than they cost one by one. A new bundle is reviewed before it is listed.",
  "editor.title": "Bundle title",
  "editor.description": "What the bundle is for",
  "editor.descriptionHint": "Say who it is for and how the resources work together.",
  "editor.price": "Bundle price",
  "editor.priceHint": "In dollars, from $1 to $100, and less than the resources cost one by one.",
  "editor.pick": "Resources in the bundle",
  "editor.pickHint": "Choose 2 to 50 of your published resources.",
  "editor.search": "Find your resources",
  "editor.noMatch": "None of your resources matches “{q}”.",
  "editor.summary": "Your bundle",
  "editor.chosen": "{count} of {max} chosen",
  "editor.sum": "Cost one by one",
  "editor.bundlePrice": "Bundle price",
  "editor.saving": "Teachers save",
  "editor.tooFew": "Choose at least {min} resources.",
  "editor.tooMany": "A bundle holds at most {max} resources.",
  "editor.priceNotBelow": "The bundle price must be less than {sum}.",
  "editor.priceInvalid": "Enter a price from $1 to $100, like 12.50.",
  "editor.seatPriceInvalid": "Write an amount like 6.00, from $0 to $100, or leave it empty.",
  "editor.submitNew": "Send for review",
  "editor.submitEdit": "Save changes",
  "editor.saving.busy": "Saving…",
  "editor.failed": "We could not save the bundle. Check your connection and try again.",
  "editor.problem.not_your_resource": "Choose only your own resources.",
  "editor.problem.resource_not_listed":
    "One of the resources is no longer published. Remove it and try again.",
  "editor.problem.bundle_in_bundle": "A bundle cannot include another bundle.",
  "editor.problem.duplicate_resources": "A resource is chosen twice.",
  "editor.problem.price_not_below_sum": "The bundle price must be less than the resources cost one by one.",
  "editor.sent": "Your bundle was sent for review",
  "editor.sentBody":
    "It appears in the catalogue once an admin approves it. We e-mail you when it is published.",
  "editor.saved": "Your changes are saved",
  "editor.savedReview": "The new title or description is reviewed before the bundle is listed again.",
  "editor.see": "See the bundle",
  "editor.back": "Back to your resources",
  "editor.loading": "Loading your resources",
  "editor.loadFailed": "We could not load your resources. Check your connection and try again.",
  "editor.retry": "Try again",
  "editor.notEnough": "You need at least 2 published resources to make a bundle",
  "editor.notEnoughBody": "Publish another resource first; a bundle sells two or more together.",
  "editor.publish": "Publish a resource",
} as const satisfies Record<string, string>;

export type BundleTextKey = keyof typeof BUNDLE_TEXTS;
export type BundleTexts = (key: BundleTextKey, values?: Record<string, string>) => string;

export function useBundleTexts(): BundleTexts {
  return useAreaTexts(BUNDLE_TEXTS);
}
