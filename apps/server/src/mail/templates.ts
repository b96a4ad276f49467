import { formatMoney } from "@market/domain";
import type { MailMessage } from "../platform/mail.ts";

/** Every e-mail the product sends, in one place. Plain text first: it is what most clients show first. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function withLink(to: string, subject: string, intro: string, link: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${link}\n\n${outro}\n\nLesson Loft`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(outro)}</p><p>Lesson Loft</p>`,
  };
}

export function verificationMail(to: string, firstName: string, link: string): MailMessage {
  return withLink(
    to,
    "Confirm your e-mail address",
    `Hello ${firstName}, welcome to Lesson Loft! Please confirm your e-mail address by opening this link:`,
    link,
    "The link works for 24 hours. If you did not sign up, you can ignore this message.",
  );
}

export function firstAdminMail(to: string, username: string, link: string): MailMessage {
  return withLink(
    to,
    "Your Lesson Loft administrator account",
    `An administrator account, ${username}, was created for this address. Open this link to sign in and set a password in your settings:`,
    link,
    "The link works once, for 24 hours. Afterwards, ask for a login link on the login page.",
  );
}

export function loginLinkMail(to: string, firstName: string, link: string): MailMessage {
  return withLink(
    to,
    "Your Lesson Loft login link",
    `Hello ${firstName}, here is the link you asked for to log in to Lesson Loft:`,
    link,
    "The link works once, for 10 minutes. If you did not ask for it, you can ignore this message.",
  );
}

/** A message quoted in a mail: the person's words, then where to answer them. */
function withQuote(to: string, subject: string, intro: string, quote: string, link: string): MailMessage {
  const quoted = quote
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return {
    to,
    subject,
    text: `${intro}\n\n${quoted}\n\nRead and answer it here:\n${link}\n\nLesson Loft`,
    html: `<p>${escapeHtml(intro)}</p><blockquote style="white-space:pre-wrap">${escapeHtml(quote)}</blockquote><p>Read and answer it here: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Lesson Loft</p>`,
  };
}

/** To the support admins when a user opens a support thread or writes in one. */
export function supportRequestMail(
  to: string,
  from: { username: string; firstName: string },
  subject: string,
  body: string,
  link: string,
): MailMessage {
  return withQuote(
    to,
    `Support: ${subject}`,
    `${from.firstName} (@${from.username}) wrote to support about "${subject}":`,
    body,
    link,
  );
}

/** To the user when support answers their thread. */
export function supportAnswerMail(
  to: string,
  firstName: string,
  subject: string,
  body: string,
  link: string,
): MailMessage {
  return withQuote(
    to,
    `Support answered: ${subject}`,
    `Hello ${firstName}, our support team answered your question "${subject}":`,
    body,
    link,
  );
}

/** To a creator when another user sends them a message from their profile. */
export function userMessageMail(
  to: string,
  firstName: string,
  from: { username: string; firstName: string },
  body: string,
  link: string,
): MailMessage {
  return withQuote(
    to,
    `New message from ${from.firstName} (@${from.username})`,
    `Hello ${firstName}, ${from.firstName} (@${from.username}) sent you a message on Lesson Loft:`,
    body,
    link,
  );
}

/* Receipts (issue 17): one for every payment, to the payer, once the money is recorded. */

const SITE_NAME = "Lesson Loft";

/** A paid-for line of a receipt: what it was, and its amount in cents. */
export interface ReceiptFacts {
  to: string;
  firstName: string;
  /** When the payment was recorded, already in words in the site's time zone ("November 24, 2026"). */
  date: string;
  amountCents: number;
  /** "Visa ending 4242", when the card is known. */
  paidWith: string | null;
}

/** A receipt: a greeting, what was paid for, then the facts as a table (label, value), a link and a note. */
function receipt(
  facts: ReceiptFacts,
  subject: string,
  intro: string,
  lines: [string, string][],
  link: { label: string; url: string } | null,
  outro: string,
): MailMessage {
  const table: [string, string][] = [
    ...lines,
    ["Amount", formatMoney(facts.amountCents)],
    ["Date", facts.date],
    ...(facts.paidWith ? ([["Paid with", facts.paidWith]] as [string, string][]) : []),
  ];
  const width = Math.max(...table.map(([label]) => label.length)) + 2;
  const text = [
    `Hello ${facts.firstName},`,
    "",
    intro,
    "",
    ...table.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    ...(link ? ["", `${link.label}:`, link.url] : []),
    "",
    outro,
    "",
    SITE_NAME,
  ].join("\n");
  const rows = table
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = [
    `<p>Hello ${escapeHtml(facts.firstName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation" style="border-collapse:collapse">${rows}</table>`,
    link
      ? `<p>${escapeHtml(link.label)}: <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`
      : "",
    `<p>${escapeHtml(outro)}</p>`,
    `<p>${SITE_NAME}</p>`,
  ].join("");
  return { to: facts.to, subject: `${SITE_NAME} receipt: ${subject}`, text, html };
}

/** To a buyer: the resource is theirs; the link opens the thank-you page with the receipt and download. */
export function purchaseReceiptMail(
  facts: ReceiptFacts,
  item: { title: string; creator: string; receiptId: string; receiptUrl: string },
): MailMessage {
  return receipt(
    facts,
    item.title,
    `Thank you for your purchase. "${item.title}" is yours to download whenever you need it.`,
    [
      ["Resource", item.title],
      ["Sold by", item.creator],
      ["Receipt", item.receiptId],
    ],
    { label: "Your receipt and download", url: item.receiptUrl },
    "Everything you own is under My resources in your account menu.",
  );
}

/** To a gift's buyer: what they paid, and the link to send; whoever opens it gets the resource free. */
export function giftReceiptMail(
  facts: ReceiptFacts,
  item: { title: string; creator: string; receiptId: string; receiptUrl: string; claimUrl: string },
): MailMessage {
  return receipt(
    facts,
    `a gift of ${item.title}`,
    `Thank you for your gift of "${item.title}". Send the gift link below to the teacher it is for: whoever opens it gets the resource free.`,
    [
      ["Gift", item.title],
      ["Sold by", item.creator],
      ["Receipt", item.receiptId],
    ],
    { label: "The gift link to send", url: item.claimUrl },
    `Your receipt is here: ${item.receiptUrl}`,
  );
}

/** To a tipper: one receipt for the whole payment, however many creators it thanked. */
export function tipReceiptMail(
  facts: ReceiptFacts,
  tips: { creator: string; amountCents: number }[],
): MailMessage {
  const names = tips.map((tip) => tip.creator);
  const who = names.length === 1 ? names[0]! : `${names.length} creators`;
  return receipt(
    facts,
    `your tip to ${who}`,
    `Thank you for your tip to ${who}. Creators tell us tips keep them making resources.`,
    tips.map((tip) => [`Tip to ${tip.creator}`, formatMoney(tip.amountCents)]),
    null,
    "You can tip each creator once a day.",
  );
}

/** To a creator who was tipped: who thanked them, how much, and their note. */
export function tipReceivedMail(
  to: string,
  firstName: string,
  tip: { from: string; amountCents: number; note: string | null; earningsUrl: string },
): MailMessage {
  const intro = `Hello ${firstName}, ${tip.from} sent you a tip of ${formatMoney(tip.amountCents)} on ${SITE_NAME}.`;
  const note = tip.note ? `Their note:\n\n${tip.note}\n\n` : "";
  return {
    to,
    subject: `${tip.from} sent you a tip of ${formatMoney(tip.amountCents)}`,
    text: `${intro}\n\n${note}See it in your earnings:\n${tip.earningsUrl}\n\n${SITE_NAME}`,
    html: `<p>${escapeHtml(intro)}</p>${tip.note ? `<blockquote style="white-space:pre-wrap">${escapeHtml(tip.note)}</blockquote>` : ""}<p>See it in your earnings: <a href="${escapeHtml(tip.earningsUrl)}">${escapeHtml(tip.earningsUrl)}</a></p><p>${SITE_NAME}</p>`,
  };
}

/** To a donor. */
export function donationReceiptMail(facts: ReceiptFacts): MailMessage {
  return receipt(
    facts,
    "your donation",
    `Thank you for your donation to ${SITE_NAME}. It keeps the marketplace running for every teacher.`,
    [["Donation", `To ${SITE_NAME}`]],
    null,
    "Keep this e-mail for your records.",
  );
}

/** To an advertiser: the ad they paid for, now waiting for review. */
export function adReceiptMail(
  facts: ReceiptFacts,
  ad: { title: string; days: number; perDayCents: number; adUrl: string },
): MailMessage {
  return receipt(
    facts,
    `your ad ${ad.title}`,
    `Thank you for advertising on ${SITE_NAME}. Your ad "${ad.title}" is waiting for review; it starts running once it is approved.`,
    [
      ["Ad", ad.title],
      ["Runs for", `${ad.days} ${ad.days === 1 ? "day" : "days"} at ${formatMoney(ad.perDayCents)} a day`],
    ],
    { label: "Your ad", url: ad.adUrl },
    "Keep this e-mail for your records.",
  );
}

/** To a creator who paid to feature a resource. */
export function featureReceiptMail(
  facts: ReceiptFacts,
  item: { title: string; until: string; featuredUrl: string },
): MailMessage {
  return receipt(
    facts,
    `featuring ${item.title}`,
    `Thank you. "${item.title}" is on the Featured page until ${item.until}.`,
    [
      ["Featured resource", item.title],
      ["Featured until", item.until],
    ],
    { label: "The Featured page", url: item.featuredUrl },
    "Keep this e-mail for your records.",
  );
}

/* Reviews (issue 21). */

/**
 * To a creator when a teacher reviews one of their resources (not when a review is edited): the rating,
 * the review's words, and the link to the reviews on the resource's page, where the creator may reply.
 */
export function newReviewMail(
  to: string,
  firstName: string,
  review: { title: string; rating: number; text: string; reviewer: { username: string; firstName: string } },
  link: string,
): MailMessage {
  const subject = `New ${review.rating}-star review of ${review.title}`;
  const who = `${review.reviewer.firstName} (@${review.reviewer.username})`;
  const intro = `Hello ${firstName}, ${who} gave "${review.title}" ${review.rating} out of 5 stars`;
  return review.text
    ? withQuote(to, subject, `${intro} and wrote:`, review.text, link)
    : withLink(to, subject, `${intro}.`, link, "You can reply to it on the resource's page.");
}

/* Licences for colleagues (issue 23). */

/** Who gave a seat and of what: the buyer as their colleagues know them, and the resource's title. */
export interface SeatMailFacts {
  buyer: { username: string; firstName: string };
  title: string;
}

/**
 * To a colleague with an account when a buyer gives them a seat: the resource is theirs now, with a link
 * to its page (its download and "licensed to you by").
 */
export function seatGivenMail(
  to: string,
  firstName: string,
  facts: SeatMailFacts,
  link: string,
): MailMessage {
  return withLink(
    to,
    `${facts.buyer.firstName} gave you a seat of ${facts.title}`,
    `Hello ${firstName}, ${facts.buyer.firstName} (@${facts.buyer.username}) gave you a seat of "${facts.title}" on Lesson Loft. It is in your resources now, ready to download:`,
    link,
    "The seat stays yours until they give it to somebody else.",
  );
}

/**
 * To an address without an account when a buyer invites it: the seat waits for whoever signs up with this
 * address, which the link fills in.
 */
export function seatInvitationMail(to: string, facts: SeatMailFacts, link: string): MailMessage {
  return withLink(
    to,
    `${facts.buyer.firstName} gave you a seat of ${facts.title}`,
    `Hello, ${facts.buyer.firstName} (@${facts.buyer.username}) gave you a seat of "${facts.title}" on Lesson Loft, for this e-mail address. Create your free account with it to open the resource:`,
    link,
    "The seat becomes yours as soon as you sign up with this address. If you did not expect this message, you can ignore it.",
  );
}
