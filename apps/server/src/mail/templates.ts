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
