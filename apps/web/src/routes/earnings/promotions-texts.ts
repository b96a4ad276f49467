import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of the creator's "Sales & coupons" screen (/earnings/promotions) and the admins' site codes
 * (/admin/coupons), issue 22. Admins can override any key through the site texts.
 */
export const PROMOTION_TEXTS = {
  "promotions.sales.title": "Store-wide sales",
  "promotions.sales.intro":
    "Take {min} to {max}% off all or some of your resources for up to {days} days. A sale never stacks with a resource's own sale price: buyers get the lower price.",
  "promotions.sales.percent": "Percent off",
  "promotions.sales.percentHint": "{min} to {max}%",
  "promotions.sales.starts": "First day",
  "promotions.sales.ends": "Last day",
  "promotions.sales.endsHint": "At most {days} days from today. The sale runs to the end of this day.",
  "promotions.sales.start": "Start sale",
  "promotions.sales.schedule": "Schedule sale",
  "promotions.sales.started": "Your sale is on.",
  "promotions.sales.scheduled": "Your sale is scheduled.",
  "promotions.sales.none": "No sales yet. Start one above: it shows on your cards and pages at once.",
  "promotions.sales.list": "Your sales",
  "promotions.sales.end": "End sale",
  "promotions.sales.cancel": "Call off",
  "promotions.sales.endConfirm": "End the {percent}% sale now? Prices go back at once.",
  "promotions.sales.dates": "{from} to {to}",
  "promotions.sales.oneDay": "{day} only",
  "promotions.state.scheduled": "Scheduled",
  "promotions.state.running": "Running",
  "promotions.state.ended": "Ended",
  "promotions.state.active": "Active",
  "promotions.state.expired": "Expired",
  "promotions.state.used_up": "Used up",
  "promotions.scope": "Which resources",
  "promotions.scope.all": "All my resources",
  "promotions.scope.allSite": "Every resource on the site",
  "promotions.scope.chosen": "Only the ones I choose",
  "promotions.scope.pick": "Choose resources",
  "promotions.scope.noPaid": "You have no paid resources to choose yet.",
  "promotions.scope.count": "{count} resources",
  "promotions.scope.one": "1 resource",
  "promotions.scope.allShort": "All resources",
  "promotions.coupons.title": "Coupon codes",
  "promotions.coupons.intro":
    "Make a code for a percentage or an amount off. Each buyer can use a code once; you bear its discount.",
  "promotions.coupons.siteIntro":
    "Site-wide codes work on every creator's resources. The platform bears the discount: creators are paid their share of the full price.",
  "promotions.coupons.code": "Code",
  "promotions.coupons.codeHint": "3 to 32 letters, digits, - or _. Buyers can type it in any case.",
  "promotions.coupons.kind": "Discount",
  "promotions.coupons.kindPercent": "Percent off",
  "promotions.coupons.kindAmount": "Amount off",
  "promotions.coupons.percent": "Percent off",
  "promotions.coupons.percentHint": "{min} to {max}%",
  "promotions.coupons.amount": "Amount off (dollars)",
  "promotions.coupons.amountHint": "A price never drops below $1.00.",
  "promotions.coupons.expires": "Last day it works",
  "promotions.coupons.maxUses": "How many times it can be used",
  "promotions.coupons.create": "Create code",
  "promotions.coupons.created": "Code {code} is ready to share.",
  "promotions.coupons.none": "No codes yet. Create one above and share it with your buyers.",
  "promotions.coupons.siteNone": "No site-wide codes yet.",
  "promotions.coupons.list": "Your codes",
  "promotions.coupons.siteList": "Site-wide codes",
  "promotions.coupons.end": "End code",
  "promotions.coupons.endConfirm": "End code {code} now? Buyers can no longer use it.",
  "promotions.coupons.uses": "{uses} of {max}",
  "promotions.coupons.off": "{value} off",
  "promotions.coupons.until": "Works through {date}",
  "promotions.coupons.usedOf": "Used {uses}",
  "promotions.coupons.share":
    "Tip: a link to a resource's checkout that ends in ?coupon={code} fills the code in for the buyer.",
  "promotions.col.discount": "Discount",
  "promotions.col.dates": "Dates",
  "promotions.col.resources": "Resources",
  "promotions.col.state": "State",
  "promotions.col.code": "Code",
  "promotions.col.uses": "Uses",
  "promotions.col.lastDay": "Last day",
  "promotions.col.actions": "Actions",
  "promotions.loading": "Loading your sales and codes…",
  "promotions.loadFailed": "We could not load your sales and codes.",
  "promotions.retry": "Try again",
  "promotions.failed": "That did not work. Check the fields and try again.",
  "promotions.field.starts_in_past": "Choose today or a later day.",
  "promotions.field.ends_before_start": "The last day cannot be before the first.",
  "promotions.field.ends_too_late": "A sale ends at most {days} days from today.",
  "promotions.field.expires_in_past": "Choose a day in the future.",
  "promotions.field.expires_too_late": "A code works for at most a year.",
  "promotions.field.not_your_resource": "Choose only your own resources.",
  "promotions.field.coupon_code_taken": "This code is taken. Choose another.",
  "promotions.field.invalid": "Check this field.",
  "admin.coupons.title": "Site-wide coupon codes",
} as const satisfies Record<string, string>;

export type PromotionTextKey = keyof typeof PROMOTION_TEXTS;
export type PromotionTexts = (key: PromotionTextKey, values?: Record<string, string>) => string;

export function usePromotionTexts(): PromotionTexts {
  return useAreaTexts<PromotionTextKey>(PROMOTION_TEXTS);
}

/** A refused field's words: the server's code for it, said as the form says it. */
export function fieldProblem(
  t: PromotionTexts,
  code: string | undefined,
  values: Record<string, string> = {},
) {
  if (!code) return undefined;
  const key = `promotions.field.${code}`;
  return key in PROMOTION_TEXTS ? t(key as PromotionTextKey, values) : t("promotions.field.invalid");
}
