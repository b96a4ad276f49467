/** Cookie strings for document.cookie: always path=/ and SameSite=Lax, Secure on https. */
export interface CookieOptions {
  maxAgeSeconds?: number;
  expires?: Date;
  secure?: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function expiredCookie(name: string): string {
  return serializeCookie(name, "", { maxAgeSeconds: 0 });
}

export function readCookie(cookieString: string, name: string): string | null {
  for (const pair of cookieString.split(";")) {
    const index = pair.indexOf("=");
    if (index < 0 || pair.slice(0, index).trim() !== name) continue;
    const raw = pair.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function isSecurePage(): boolean {
  return typeof location !== "undefined" && location.protocol === "https:";
}

/** The one place the app writes a cookie (the Cookie Store API is not in every browser we support). */
export function writeDocumentCookie(cookie: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: document.cookie is the portable way to set a cookie
  document.cookie = cookie;
}
