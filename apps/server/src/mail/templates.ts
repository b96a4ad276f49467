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
