import { parseRichText } from "@market/domain";
import type { MailMessage } from "../../platform/mail.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The bulk e-mail to one user. The body is the site's safe rich text (spec 2: only links and line
 * breaks), rendered from the same tokens as the web's RichText, so the preview and the mail agree and
 * nothing the admin typed becomes markup. Own-site links, relative on the site, are made absolute here.
 * Every mail ends with its recipient's unsubscribe link, also given as List-Unsubscribe (one click).
 */
export function bulkEmailMail(opts: {
  to: string;
  subject: string;
  body: string;
  siteOrigin: string;
  unsubscribePage: string;
  unsubscribeEndpoint: string;
}): MailMessage {
  const origin = opts.siteOrigin.replace(/\/$/, "");
  const absolute = (href: string) => (href.startsWith("/") ? `${origin}${href}` : href);
  let text = "";
  let html = "";
  for (const token of parseRichText(opts.body, { siteOrigin: origin })) {
    if (token.kind === "br") {
      text += "\n";
      html += "<br>";
    } else if (token.kind === "text") {
      text += token.text;
      html += escapeHtml(token.text).replace(/\r?\n/g, "<br>");
    } else {
      const href = absolute(token.href);
      text += token.text === href ? href : `${token.text} (${href})`;
      html += `<a href="${escapeHtml(href)}">${escapeHtml(token.text)}</a>`;
    }
  }
  const footer = "You receive this because you have a Lesson Loft account. To get no more of these e-mails:";
  return {
    to: opts.to,
    subject: opts.subject,
    text: `${text}\n\n--\n${footer}\n${opts.unsubscribePage}\n`,
    html: `<div>${html}</div><hr><p style="font-size:12px;color:#555">${escapeHtml(footer)} <a href="${escapeHtml(opts.unsubscribePage)}">Unsubscribe</a></p>`,
    headers: {
      "List-Unsubscribe": `<${opts.unsubscribeEndpoint}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
