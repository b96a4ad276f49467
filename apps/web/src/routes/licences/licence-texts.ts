import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of /profile/licences (issue 23): the seats a teacher bought for colleagues, and the ones colleagues
 * gave them. Admins can override any key through the site texts.
 */
export const LICENCE_TEXTS = {
  "licences.title": "Licences",
  "licences.intro":
    "Resources you bought for colleagues, and the ones colleagues gave you. Every seat is one teacher's own copy to download.",
  "licences.loading": "Loading your licences…",
  "licences.loadFailed": "We could not load your licences. Check your connection and try again.",
  "licences.retry": "Try again",
  "bought.title": "Bought for colleagues",
  "bought.empty": "You have not bought anything for colleagues yet",
  "bought.emptyBody":
    "At checkout, choose more than one seat: one is yours, and you give the others to colleagues here, by username or e-mail address.",
  "bought.browse": "Browse resources",
  "bought.purchased": "Bought on {date} · {price} a colleague's seat",
  "bought.usage": "{used} of {seats} seats used · {free} free",
  "bought.usageFull": "All {seats} seats used",
  "bought.ownSeat": "One seat is yours: it came with the purchase, and you keep it.",
  "bought.colleagues": "Colleagues with a seat",
  "bought.noColleagues": "No colleague has a seat yet.",
  "bought.since": "since {date}",
  "bought.invited": "Invitation sent to {email}",
  "bought.invitedHint": "They get the seat when they sign up with this address.",
  "bought.movableFrom": "Can move to someone else from {date}",
  "bought.remove": "Remove",
  "bought.removeOf": "Remove {name}'s seat",
  "bought.withdraw": "Withdraw",
  "bought.withdrawOf": "Withdraw the invitation to {email}",
  "bought.removeTitle": "Remove {name}'s seat?",
  "bought.removeBody":
    "{name} can no longer download “{title}”. The seat becomes free, and you can give it to another colleague.",
  "bought.withdrawTitle": "Withdraw the invitation to {email}?",
  "bought.withdrawBody":
    "If they sign up with this address, they will not get “{title}”. The seat becomes free again at once.",
  "bought.removeConfirm": "Remove the seat",
  "bought.withdrawConfirm": "Withdraw the invitation",
  "bought.keep": "Keep it",
  "bought.close": "Close",
  "bought.removed": "{name}'s seat is free again.",
  "bought.withdrawn": "The invitation to {email} was withdrawn.",
  "bought.removeFailed": "We could not free the seat. Check your connection and try again.",
  "assign.label": "Username or e-mail address",
  "assign.hint":
    "A colleague with an account gets the seat at once. Anyone else gets an e-mail invitation, and the seat when they sign up.",
  "assign.give": "Give seat",
  "assign.giving": "Giving…",
  "assign.none": "All seats are given. Remove a colleague to free a seat for someone else.",
  "assign.moveRule":
    "A seat a colleague had can go to someone else once every {days} days, so a licence is not passed around.",
  "assign.nextMove": "The seat you freed can be given again on {date}.",
  "assign.given": "{name} has a seat now.",
  "assign.invitedDone": "Invitation sent to {email}.",
  "assign.error.no_free_seats": "All seats are given. Remove a colleague to free a seat first.",
  "assign.error.user_not_found":
    "No teacher has the username “{assignee}”. Check the spelling, or type their e-mail address to invite them.",
  "assign.error.seat_move_too_soon":
    "The free seat moved from one colleague to another recently. You can give it again on {date}.",
  "assign.error.seat_move_too_soon_undated":
    "The free seat moved from one colleague to another recently, so it cannot move again yet.",
  "assign.error.already_holds_seat": "“{assignee}” already has a seat of this purchase.",
  "assign.error.cannot_assign_self": "That is you: your own seat came with the purchase.",
  "assign.error.cannot_assign_creator": "That is the resource's creator: they have it already.",
  "assign.error.invalid_email": "This e-mail address does not look right. Check it and try again.",
  "assign.error.already_refunded": "This purchase was refunded, so its seats cannot be given.",
  "assign.error.empty": "Type a colleague's username or e-mail address.",
  "assign.error.not_found": "We could not find this purchase any more. Reload the page.",
  "assign.error.other": "We could not give the seat. Check your connection and try again.",
  "held.title": "Licensed to you",
  "held.empty": "No colleague has given you a seat yet",
  "held.emptyBody":
    "When a colleague buys a resource for your team and gives you a seat, it appears here, ready to download.",
  "held.by": "Licensed to you by {name} since {date}",
  "held.download": "Download",
  "held.downloadOf": "Download {title}",
  "held.open": "Open",
  "held.openBundle": "See what's included",
  "bundle.badge": "Bundle",
} as const satisfies Record<string, string>;

export type LicenceTextKey = keyof typeof LICENCE_TEXTS;
export type LicenceTexts = (key: LicenceTextKey, values?: Record<string, string>) => string;

export function useLicenceTexts(): LicenceTexts {
  return useAreaTexts(LICENCE_TEXTS);
}
