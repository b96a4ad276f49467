import type { AdType } from "@market/domain";
import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of the advertising screens (about, create, wizard, your ads, review queue), the offers page and the ad
 * slot. Admins can override any key through the site texts; these are the defaults.
 */
export const ADVERTISING_TEXTS = {
  "ads.loading": "Loading…",
  "ads.status.incomplete": "Incomplete",
  "ads.status.inReview": "In review",
  "ads.status.rejected": "Needs changes",
  "ads.status.running": "Running",
  "ads.status.stopped": "Stopped",
  "ads.status.expired": "Expired",
  "ads.status.creating": "Not submitted",
  "ads.about.title": "Advertise to teachers",
  "ads.about.intro":
    "Reach teachers while they look for resources. Ads start at {price} a day; you choose the budget and the days, we show your ad evenly through each day, and you only pay for the run you choose.",
  "ads.about.create": "Create an ad",
  "ads.about.manage": "Your ads",
  "ads.about.types": "Ad formats",
  "ads.about.formatsTitle": "Five formats, each in its own place",
  "ads.format.1.name": "Portfolio banner",
  "ads.format.1.where":
    "A wide banner at the top of creators' portfolios, and a card among the resources in the grids.",
  "ads.format.2.name": "Resource grid card",
  "ads.format.2.where": "A tall card among the resources on the home page and in search results.",
  "ads.format.3.name": "Resource page square",
  "ads.format.3.where": "A small square beside a resource's details, on the resource's own page.",
  "ads.format.4.name": "Wide list banner",
  "ads.format.4.where": "A wide banner above the New and Featured lists of resources.",
  "ads.format.5.name": "Download page feature",
  "ads.format.5.where": "A large square on the thank-you page a teacher sees after a download.",
  "ads.format.picture": "Where the {name} appears: {where}",
  "ads.format.slot": "Ad",
  "ads.about.rules":
    "Image at least {width} × {height} pixels · title up to {max} characters · from {price} a day",
  "ads.about.createFormat": "Create a {name}",
  "ads.create.creating": "Starting your ad…",
  "ads.create.title": "Choose your ad's format",
  "ads.create.intro":
    "Each format has its own place on the site; the drawing shows where. You can see your ad in its place at every step.",
  "ads.create.about": "About advertising",
  "ads.create.failed": "We couldn't start your ad.",
  "ads.create.retry": "Try again",
  "ads.create.unknownFormat": "There is no such ad format",
  "ads.create.unknownFormatBody":
    "This link names a format we don't have. Choose one of the five formats to start your ad.",
  "ads.create.chooseFormat": "Choose a format",
  "ads.manage.title": "Your ads",
  "ads.manage.create": "Create an ad",
  "ads.manage.loadFailed": "We could not load your ads.",
  "ads.manage.empty": "You have no ads yet.",
  "ads.manage.column.ad": "Ad",
  "ads.manage.column.status": "Status",
  "ads.manage.column.views": "Views",
  "ads.manage.column.clicks": "Clicks",
  "ads.manage.column.ctr": "CTR",
  "ads.manage.column.spend": "Spend",
  "ads.manage.untitled": "Untitled {format}",
  "ads.manage.deleted": "“{title}” was deleted.",
  "ads.manage.noCtr": "—",
  "ads.submitted.title": "Your ad is submitted",
  "ads.submitted.body": "Thank you! A reviewer will look at it soon; it starts running once approved.",
  "ads.submitted.manage": "Your ads",
  "ads.step.image": "Image",
  "ads.step.url": "Link",
  "ads.step.title": "Title",
  "ads.step.description": "Description",
  "ads.step.button": "Button",
  "ads.step.subtitle": "Subtitle",
  "ads.step.subject": "Subject",
  "ads.step.statement": "Statement",
  "ads.step.targeting": "Grades",
  "ads.step.adSpend": "Budget",
  "ads.step.payment": "Payment",
  "ads.step.status": "Status",
  "ads.step.styling": "Styling",
  "ads.step.code": "Code",
  "ads.step.discountCode": "Discount code",
  "ads.step.titleDescription": "Title and description",
  "ads.step.identity": "Business identity",
  "ads.step.review": "Review",
  "ads.step.delete": "Delete the ad",
  "ads.problem.invalid_url": "Use a full web address starting with https://",
  "ads.problem.admin_only": "Only an admin can change this.",
  "ads.wizard.loadFailed": "We could not load this ad.",
  "ads.wizard.retry": "Try again",
  "ads.wizard.notFound": "We can't find this ad",
  "ads.wizard.notFoundBody":
    "It may have been deleted, or the link is incomplete. Your ads lists every ad you have.",
  "ads.wizard.yourAds": "Your ads",
  "ads.wizard.createAd": "Create an ad",
  "ads.wizard.steps": "Ad steps",
  "ads.wizard.title": "Your {format}",
  "ads.wizard.position": "Step {step} of {total}",
  "ads.wizard.locked": "This ad is running or in review and cannot be changed now.",
  "ads.wizard.lockedStatus": "Status",
  "ads.wizard.saveAndContinue": "Save and continue",
  "ads.wizard.continue": "Continue",
  "ads.wizard.saveFailed": "Could not save changes",
  "ads.wizard.uploading": "Uploading…",
  "ads.wizard.image.rules": "At least {width} by {height} pixels, at most 1 MB, JPG, PNG, BMP or GIF.",
  "ads.wizard.image.alt": "Your ad, as uploaded",
  "ads.wizard.image.replace": "Replace the image",
  "ads.wizard.image.choose": "Choose an image",
  "ads.wizard.image.remove": "Remove the image",
  "ads.wizard.image.removeFailed": "The image could not be removed. Try again.",
  "ads.wizard.image.fitLegend": "How your image fills its space",
  "ads.wizard.image.fill": "Fill the space",
  "ads.wizard.image.fillHint": "Edges that don't fit are cut off. Choose the part that stays in view.",
  "ads.wizard.image.fit": "Show the whole image",
  "ads.wizard.image.fitHint": "Nothing is cut off; plain bands fill the rest of the space.",
  "ads.wizard.image.focusX": "Part in view, left to right",
  "ads.wizard.image.focusY": "Part in view, top to bottom",
  "ads.wizard.image.focusHint": "You can also click the part of your image that should stay in view.",
  "ads.wizard.image.focusPick": "Your image: click the part that should stay in view",
  "ads.wizard.image.cropWarning":
    "Filling this space cuts off about {percent}% of your image. If it has words on it, show the whole image.",
  "ads.wizard.titleDescription.title": "Title ({min} to {max} characters)",
  "ads.wizard.titleDescription.description": "Description ({min} to {max} characters)",
  "ads.wizard.titleDescription.titleProblem": "Title: {problem}",
  "ads.wizard.titleDescription.descriptionProblem": "Description: {problem}",
  "ads.wizard.identity.name": "Business name ({min} to {max} characters)",
  "ads.wizard.identity.imageRules": "Business image: at least {width} by {height} pixels, at most 1 MB.",
  "ads.wizard.identity.alt": "Your business logo, as uploaded",
  "ads.wizard.identity.replace": "Replace the business image",
  "ads.wizard.identity.choose": "Choose a business image",
  "ads.wizard.identity.remove": "Remove the business image",
  "ads.wizard.identity.complete": "Your identity is complete.",
  "ads.wizard.identity.incomplete": "Add both to complete it.",
  "ads.wizard.targeting.legend": "The grades whose pages show your ad (none: every page).",
  "ads.wizard.targeting.none": "Choose at least one grade.",
  "ads.wizard.spend.perDay": "Spend per day in dollars",
  "ads.wizard.spend.days": "Days to run",
  "ads.wizard.spend.total": "Total:",
  "ads.wizard.spend.estimate": "· about {views} views and {clicks} clicks",
  "ads.wizard.spend.minimum": "An ad runs for at least {total} in all and {perDay} a day.",
  "ads.wizard.payment.done": "This ad is already paid for and submitted.",
  "ads.wizard.payment.missing": "Complete these first: {fields}.",
  "ads.wizard.payment.total": "Total for {days} days:",
  "ads.wizard.payment.submit": "Submit for review",
  "ads.wizard.payment.pay": "Pay {amount} and submit",
  "ads.wizard.styling.css": "CSS override (admins)",
  "ads.wizard.styling.hint":
    "Applies to this ad alone, never the page. Use :scope for the ad's box and .ad-title, .ad-description, .ad-button, .ad-image or .ad-statement for its parts.",
  "ads.wizard.code.hint":
    "Text, or a short piece of HTML shown in a sealed frame inside the ad (no scripts run).",
  "ads.wizard.status.current": "Status: {status}",
  "ads.wizard.status.reviewer": "The reviewer said: {comment}",
  "ads.wizard.status.missing": "Still missing: {fields}.",
  "ads.wizard.status.stats": "{views} views · {clicks} clicks · {spend} spent",
  "ads.wizard.status.stop": "Stop the ad",
  "ads.wizard.status.resume": "Resume the ad",
  "ads.wizard.status.all": "All your ads",
  "ads.wizard.status.delete": "Delete this ad",
  "ads.delete.intro": "Deleting this ad removes, for good:",
  "ads.delete.item.ad": "the ad “{title}” and everything written in it",
  "ads.delete.item.image": "its image",
  "ads.delete.item.businessImage": "its business image",
  "ads.delete.item.results": "its results: {views} views and {clicks} clicks",
  "ads.delete.confirm": "Delete the ad",
  "ads.delete.deleting": "Deleting…",
  "ads.delete.keep": "Keep it",
  "ads.delete.failed": "The ad could not be deleted. Try again.",
  "ads.delete.paid":
    "This ad was paid for, so it stays: its payment belongs to it. You can stop it from its status page instead.",
  "ads.delete.busy":
    "This ad is running or in review, so it can't be deleted now. Stop it first from its status page.",
  "ads.delete.status": "Go to its status",
  "ads.wizard.extra.discountCode": "Add a discount code (your ad then appears on the offers page)",
  "ads.wizard.extra.identity": "Show your business name and image",
  "ads.wizard.extra.titleDescription": "Edit the title and description together",
  "ads.wizard.freeUserOnly": "Only for users who have never paid (admins)",
  "ads.queue.title": "Ads to review",
  "ads.queue.empty": "No ads are waiting for review.",
  "ads.queue.summary": "{title} · {format} · {price} a day for {days} days",
  "ads.queue.comment": "· “{comment}”",
  "ads.queue.review": "Review",
  "ads.queue.reviewLabel": "Review: {title}",
  "ads.approve.title": "Review “{title}”",
  "ads.approve.links": "Links to {url} · {statement}",
  "ads.review.notWaiting": "This ad is not waiting for review.",
  "ads.review.approve": "Approve",
  "ads.review.comment": "Comment for the advertiser",
  "ads.review.reject": "Reject",
  "ads.review.clear": "Clear from the queue",
  "ads.review.outcome.approve": "Approved: the ad is running.",
  "ads.review.outcome.reject": "Rejected; the advertiser was e-mailed your comment.",
  "ads.review.outcome.clear": "Cleared from the queue: the ad went back to its advertiser as a draft.",
  "ads.offers.title": "Offers",
  "ads.offers.intro": "Discounts from the advertisers who keep the marketplace free for every teacher.",
  "ads.offers.loadFailed": "We could not load the offers.",
  "ads.offers.empty": "No offers right now. Check back soon.",
  "ads.offers.list": "Offers",
  "ads.offers.code": "Code:",
  "ads.offers.use": "Use this offer",
  "ads.offers.open": "Open",
  "ads.offers.all": "All offers",
  "ads.slot.label": "Advertisement",
  "ads.slot.sponsored": "Sponsored",
  "ads.slot.code": "A note from the advertiser",
  "ads.preview.title": "Preview",
  "ads.preview.intro": "Your ad as readers will see it, in its real place. It changes as you type.",
  "ads.preview.where.grid": "In the resource grids",
  "ads.preview.where.1": "At the top of a creator's portfolio",
  "ads.preview.where.3": "Beside a resource's details",
  "ads.preview.where.4": "Above the New and Featured lists",
  "ads.preview.where.5": "After a download",
  "ads.preview.sample.title": "Your title",
  "ads.preview.sample.subtitle": "Your subtitle",
  "ads.preview.sample.description": "Your description",
  "ads.preview.sample.button": "Your button",
  "ads.preview.sample.image": "Your image",
} as const satisfies Record<string, string>;

export type AdvertisingTextKey = keyof typeof ADVERTISING_TEXTS;
export type AdvertisingTexts = (key: AdvertisingTextKey, values?: Record<string, string>) => string;

export function useAdvertisingTexts(): AdvertisingTexts {
  return useAreaTexts(ADVERTISING_TEXTS);
}

/** An ad's derived status in words (the wizard's status step, your ads); an unknown status is shown as it is. */
export function adStatusText(t: AdvertisingTexts, status: string): string {
  const key = `ads.status.${status}`;
  return Object.hasOwn(ADVERTISING_TEXTS, key) ? t(key as AdvertisingTextKey) : status;
}

/** An ad format's name (never its number: "Portfolio banner", not "Type 1"). */
export function adFormatName(t: AdvertisingTexts, type: AdType): string {
  return t(`ads.format.${type}.name`);
}

/** Where an ad format appears on the site. */
export function adFormatWhere(t: AdvertisingTexts, type: AdType): string {
  return t(`ads.format.${type}.where`);
}

/** A name inside a sentence: "Create a portfolio banner". */
export function inSentence(name: string): string {
  return name.charAt(0).toLocaleLowerCase("en-US") + name.slice(1);
}
