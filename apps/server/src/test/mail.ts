/** Decodes a quoted-printable body, as mail clients do, so tests read links as a person would. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link to the given path in a raw RFC 822 message. */
export function linkIn(rawMail: string, path: string): string {
  const decoded = decodeQuotedPrintable(rawMail);
  const match = new RegExp(`https?://[^\\s"<]*${path.replace(/[/?]/g, "\\$&")}[^\\s"<]*`).exec(decoded);
  if (!match) throw new Error(`no ${path} link in the mail`);
  return match[0];
}
