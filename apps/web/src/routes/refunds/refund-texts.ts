import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of refunds (issue 22): the buyer's request on their purchase and in My resources, the creator's
 * requests in their earnings, and the admins' queue. Admins can override any key through the site texts.
 */
export const REFUND_TEXTS = {
  "refund.ask": "Ask for a refund",
  "refund.askOf": "Ask for a refund of {title}",
  "refund.until": "You can ask for a refund until {date}.",
  "refund.reason": "Why would you like a refund?",
  "refund.reasonHint": "Tell the creator what went wrong, in at least {min} characters.",
  "refund.send": "Send request",
  "refund.cancel": "Cancel",
  "refund.failed": "We could not send your request. Try again.",
  "refund.requested": "Refund requested on {date}. The creator decides, and we e-mail you the answer.",
  "refund.refunded": "Refunded on {date}: {amount} goes back to your card.",
  "refund.declined": "Your refund request was declined on {date}.",
  "refund.declinedNote": "The note with it:",
  "refund.yourReason": "You wrote:",
  "refund.title": "Refund",
  "refund.seatsNow":
    "Your colleagues have seats of this purchase, so a refund gives back only the seats nobody has: {seats} now, {amount}.",
  "refund.seatsNowOne":
    "Your colleagues have seats of this purchase, so a refund gives back only the seat nobody has: 1 now, {amount}.",
  "refund.seatsRule": "Your own seat and your colleagues' stay yours.",
  "refund.seatsAllGiven":
    "Every seat of this purchase is given to a colleague, so there is nothing to refund. To ask for a refund, free a seat first.",
  "refund.seatsAllGivenLink": "Manage your licences",
  "refund.refundedSeats": "Refunded on {date}: {amount} for {seats} free seats goes back to your card.",
  "refund.refundedSeatOne": "Refunded on {date}: {amount} for 1 free seat goes back to your card.",
  "refund.requestedSeats": "If it is approved, {amount} for the {seats} free seats goes back to your card.",
  "refund.requestedSeatOne": "If it is approved, {amount} for the free seat goes back to your card.",
  "requests.seats": "{seats} seats",
  "requests.seatsRefund": "Refund of {free} free seats of {seats}",
  "requests.seatsRefundOne": "Refund of 1 free seat of {seats}",
  "requests.approveSeatsBody":
    "The buyer gave some seats to colleagues, so only the free seats are refunded: {amount}, less the platform’s fee, is taken back from your earnings. The buyer and their colleagues keep “{title}”. This cannot be undone.",
  "requests.title": "Refund requests waiting for you",
  "requests.intro":
    "A buyer asked for their money back. Approving refunds their card and takes the sale, less the platform’s fee, back from your earnings.",
  "requests.of": "Refund request for {title}",
  "requests.by": "@{username} · bought {date} · {amount}",
  "requests.bundle": "Bundle",
  "requests.gift": "Gift",
  "requests.approve": "Approve",
  "requests.approveOf": "Approve the refund of {title} for @{username}",
  "requests.decline": "Decline",
  "requests.declineOf": "Decline the refund of {title} for @{username}",
  "requests.approveTitle": "Refund {amount} to @{username}?",
  "requests.approveBody":
    "The card is refunded, “{title}” leaves their library, and {amount} less the platform’s fee is taken back from your earnings. This cannot be undone.",
  "requests.approveConfirm": "Refund {amount}",
  "requests.declineTitle": "Decline the refund for @{username}?",
  "requests.declineBody": "They keep “{title}” and are not refunded. A note helps them understand why.",
  "requests.note": "Note to the buyer",
  "requests.declineConfirm": "Decline the refund",
  "requests.keep": "Go back",
  "requests.close": "Close",
  "requests.wasApproved": "Refunded {amount} to @{username}.",
  "requests.wasDeclined": "Declined the refund for @{username}.",
  "requests.failed": "That did not work: {message}",
  "requests.loadFailed": "We could not load the refund requests.",
  "requests.retry": "Try again",
  "queue.title": "Refunds",
  "queue.intro":
    "Refund requests buyers made, the oldest first. Approve or decline each; or refund any sale below, at any time.",
  "queue.loading": "Loading refund requests…",
  "queue.empty": "No refund requests are waiting.",
  "queue.emptyBody": "Buyers ask from their purchase within the refund window; their requests appear here.",
  "queue.reasonLabel": "Reason:",
  "queue.creator": "Sold by @{username}",
  "admin.title": "Refund a sale",
  "admin.intro":
    "Find the sale by its receipt number (on the receipt, and in the buyer’s purchases), then refund it.",
  "admin.saleId": "Receipt number",
  "admin.find": "Find the sale",
  "admin.notFound": "No sale has this receipt number.",
  "admin.notAnId": "A receipt number looks like 8c1f2e4a-…, 36 characters.",
  "admin.sale": "“{title}” bought by @{username} on {date} for {amount}, sold by @{creator}.",
  "admin.already": "This sale is already refunded.",
  "admin.reason": "Reason for the refund",
  "admin.refund": "Refund {amount}",
  "admin.done": "Refunded {amount} to @{username}.",
  "admin.seats":
    "Bought for {seats} seats: once a colleague has one, only the free seats are refunded, and the buyer and their colleagues keep the resource.",
  "admin.refundSeats": "Refund this sale",
} as const satisfies Record<string, string>;

export type RefundTextKey = keyof typeof REFUND_TEXTS;
export type RefundTexts = (key: RefundTextKey, values?: Record<string, string>) => string;

export function useRefundTexts(): RefundTexts {
  return useAreaTexts(REFUND_TEXTS);
}
