import { formatMoney } from "@market/domain";
import type { MailMessage } from "../platform/mail.ts";

/** The e-mails of refunds (issue 22), beside templates.ts's: plain text first, the same words in HTML. */
const SITE_NAME = "Lesson Loft";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Paragraphs, an optional quoted text (a buyer's reason, a decline's note), and a link to act on. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  quote: string | null,
  link: { label: string; url: string },
): MailMessage {
  const text = [
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(quote ? [...quote.split("\n").map((l) => `> ${l}`), ""] : []),
    `${link.label}:`,
    link.url,
    "",
    SITE_NAME,
  ].join("\n");
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    quote
      ? `<blockquote style="border-left:4px solid #ccc;margin:0;padding-left:12px;white-space:pre-line">${escapeHtml(quote)}</blockquote>`
      : "",
    `<p>${escapeHtml(link.label)}: <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`,
    `<p>${SITE_NAME}</p>`,
  ].join("");
  return { to, subject, text, html };
}

export interface RefundMailFacts {
  title: string;
  amountCents: number;
  buyer: { email: string; firstName: string; username: string };
  creator: { email: string; firstName: string };
  reason: string;
  declineNote: string | null;
  /** A purchase for colleagues refunded in part: the free seats given back (null: the whole purchase). */
  seatsRefunded: number | null;
  /** The buyer's purchase page (its receipt shows the refund). */
  purchaseUrl: string;
  /** Where the creator decides: their earnings. */
  earningsUrl: string;
}

/** To the creator: a buyer asks for their money back; the reason, and where to approve or decline. */
export function refundRequestedMail(f: RefundMailFacts): MailMessage {
  return compose(
    f.creator.email,
    `Refund requested: ${f.title}`,
    [
      `Hello ${f.creator.firstName}, @${f.buyer.username} asked for a refund of "${f.title}" (${formatMoney(f.amountCents)}) and wrote:`,
    ],
    f.reason,
    { label: "Approve or decline it on your earnings page", url: f.earningsUrl },
  );
}

const seatWords = (n: number) => (n === 1 ? "1 unused seat" : `${n} unused seats`);

/** To the buyer and to the creator: the sale was refunded (or, for colleagues' seats, its free seats). */
export function refundedMails(f: RefundMailFacts): MailMessage[] {
  if (f.seatsRefunded !== null) return seatsRefundedMails(f, f.seatsRefunded);
  return [
    compose(
      f.buyer.email,
      `Refunded: ${f.title}`,
      [
        `Hello ${f.buyer.firstName}, your purchase of "${f.title}" was refunded. ${formatMoney(f.amountCents)} goes back to the card you paid with; your bank may take a few days to show it.`,
        "The resource is no longer in your library.",
      ],
      null,
      { label: "Your purchase and its receipt", url: f.purchaseUrl },
    ),
    compose(
      f.creator.email,
      `Refunded: ${f.title}`,
      [
        `Hello ${f.creator.firstName}, the sale of "${f.title}" to @${f.buyer.username} was refunded. Its ${formatMoney(f.amountCents)}, less the platform's fee, is taken back from your earnings.`,
      ],
      null,
      { label: "Your earnings", url: f.earningsUrl },
    ),
  ];
}

/** The free seats of a purchase for colleagues were refunded; the seats in use stay. */
function seatsRefundedMails(f: RefundMailFacts, seats: number): MailMessage[] {
  return [
    compose(
      f.buyer.email,
      `Refunded: ${seatWords(seats)} of ${f.title}`,
      [
        `Hello ${f.buyer.firstName}, the ${seatWords(seats)} of "${f.title}" were refunded. ${formatMoney(f.amountCents)} goes back to the card you paid with; your bank may take a few days to show it.`,
        "Your own seat and the seats your colleagues hold stay as they are.",
      ],
      null,
      { label: "Your purchase and its receipt", url: f.purchaseUrl },
    ),
    compose(
      f.creator.email,
      `Refunded: ${seatWords(seats)} of ${f.title}`,
      [
        `Hello ${f.creator.firstName}, @${f.buyer.username} was refunded the ${seatWords(seats)} of "${f.title}". Their ${formatMoney(f.amountCents)}, less the platform's fee, is taken back from your earnings.`,
      ],
      null,
      { label: "Your earnings", url: f.earningsUrl },
    ),
  ];
}

/** To the buyer (with the note) and to the creator: the request was declined. */
export function refundDeclinedMails(f: RefundMailFacts): MailMessage[] {
  return [
    compose(
      f.buyer.email,
      `Refund declined: ${f.title}`,
      [
        `Hello ${f.buyer.firstName}, your request for a refund of "${f.title}" was declined.${f.declineNote ? " The note with it:" : ""}`,
      ],
      f.declineNote,
      { label: "Your purchase", url: f.purchaseUrl },
    ),
    compose(
      f.creator.email,
      `Refund declined: ${f.title}`,
      [
        `Hello ${f.creator.firstName}, the refund request of @${f.buyer.username} for "${f.title}" was declined.`,
      ],
      f.declineNote,
      { label: "Your earnings", url: f.earningsUrl },
    ),
  ];
}
