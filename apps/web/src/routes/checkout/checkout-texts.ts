import { fillText, useTexts } from "../../state/site-config.ts";

/** Copy of the checkout screens (purchase, gift, tip, donation). Admins can override any key. */
export const CHECKOUT_TEXTS = {
  "pay.cardName": "Name on card",
  "pay.cardNumber": "Card number",
  "pay.cardExp": "Expiry (MM/YY)",
  "pay.cardCvv": "Security code",
  "pay.street": "Street address",
  "pay.city": "City",
  "pay.state": "State (2 letters)",
  "pay.zip": "ZIP code",
  "pay.billing": "Billing address",
  "pay.testMode":
    "Test mode: no real card is charged. Use 4242 4242 4242 4242 to succeed, or 4000 0000 0000 0002 to see a decline.",
  "pay.problem.required": "Required",
  "pay.problem.too_short": "Too short",
  "pay.problem.wrong_length": "Check the number of characters",
  "pay.problem.invalid_card_number": "This card number is not valid",
  "pay.problem.expired": "This card has expired",
  "pay.problem.invalid_expiry": "Write the expiry as MM/YY",
  "pay.paying": "Paying…",
  "pay.secure": "We keep only your card's brand and last four digits.",
  "purchase.title": "Buy “{title}”",
  "purchase.total": "Total",
  "purchase.onSale": "On sale until {date}, was {price}",
  "purchase.pay": "Pay {amount}",
  "purchase.owned": "You already own this resource.",
  "purchase.ownedLink": "Open it",
  "purchase.free": "This resource is free: download it from its page.",
  "purchase.own": "This is your resource.",
  "purchase.asGift": "Buy it as a gift for another teacher",
  "purchase.giftHint": "You get a link to send; the teacher who opens it receives the resource.",
  "purchase.failed": "The payment did not go through.",
  "purchase.priceChanged": "The price changed while you were paying. Check the new price and try again.",
  "purchase.loadFailed": "We could not load this resource.",
  "completed.title": "Thank you for your purchase",
  "completed.body": "“{title}” is yours. Download its files, including the full version, from its page.",
  "completed.download": "Go to your download",
  "completed.giftTitle": "Your gift is ready",
  "completed.giftBody":
    "Send this link to the teacher the gift is for. The first teacher to open it receives “{title}”.",
  "completed.copy": "Copy link",
  "completed.copied": "Copied",
  "gift.claiming": "Receiving your gift…",
  "gift.claimed": "The gift is yours! “{title}” is now in your account.",
  "gift.open": "Open your resource",
  "gift.taken": "This gift was already received by another teacher.",
  "gift.ownGift": "This is the gift you bought; send the link to the teacher it is for.",
  "gift.missing": "This gift link is not valid.",
  "tip.title": "Tip {name}",
  "tip.intro":
    "A tip thanks {name} for their work. They receive all of it. You can tip each creator once a day.",
  "tip.amounts": "Amount",
  "tip.custom": "Other amount in dollars",
  "tip.note": "Note (optional)",
  "tip.send": "Send {amount}",
  "tip.chooseAmount": "Choose an amount from $1 to $500.",
  "tip.alreadyToday": "You already tipped {name} today. You can tip again tomorrow.",
  "tip.loadFailed": "We could not find this creator.",
  "tip.self": "This is you: you cannot tip yourself.",
  "tipDone.title": "Thank you for your tip",
  "tipDone.body": "Your tip was sent. Creators tell us tips keep them making resources.",
  "tipDone.back": "Back to browsing",
  "donate.title": "Support the marketplace",
  "donate.intro":
    "Donations keep the marketplace free for every teacher. Donors see no ads while the site is in ad-free mode for donors.",
  "donate.amount": "Donation in dollars",
  "donate.send": "Donate {amount}",
  "donate.invalid": "Choose an amount from $1 to $1,000.",
  "donateDone.title": "Thank you for your donation",
  "donateDone.body": "Your donation went through. Thank you for keeping the marketplace running.",
  "feature.title": "Feature “{title}”",
  "feature.intro":
    "Featured resources fill the Featured page. Featuring costs {price} a day, for 1 to 30 days, and ends by itself.",
  "feature.days": "Days",
  "featureDone.title": "Your resource is featured",
  "featureDone.body": "It is on the Featured page until {date}.",
  "featureDone.see": "See the Featured page",
} as const satisfies Record<string, string>;

export type CheckoutTextKey = keyof typeof CHECKOUT_TEXTS;
export type CheckoutTexts = (key: CheckoutTextKey, values?: Record<string, string>) => string;

export function useCheckoutTexts(): CheckoutTexts {
  const t = useTexts();
  return (key, values) => {
    const text = t(key, values);
    return text !== key ? text : fillText(CHECKOUT_TEXTS[key], values);
  };
}
