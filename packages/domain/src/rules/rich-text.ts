/**
 * Rich text (spec section 2): only `a` (with href and target) and `br` render; everything else is text.
 * This turns a string into tokens; nothing here builds markup, so a renderer that maps tokens to elements
 * can only ever make text, line breaks and links with a checked href.
 *
 * Link rules (spec 2, "A resource page with links"): a resource link (/resources/{id}) gets /view appended;
 * a link to the product's own site becomes relative; any other http(s) link is external and opens outside.
 * A link whose address is not http(s) (javascript:, data:, mailto:, ...) is not a link: its text shows.
 */
export type RichTextToken =
  | { kind: "text"; text: string }
  | { kind: "br" }
  | {
      kind: "link";
      /** A relative path for the own site, an absolute http(s) address otherwise. */
      href: string;
      text: string;
      /** Another site: opens outside (new tab, no opener, no referrer). */
      external: boolean;
      /** The markup asked for a new tab (target="_blank") on an own-site link. */
      newTab: boolean;
    };

export interface RichTextOptions {
  /** The product's own origin, e.g. https://lessonloft.example (the web app passes window.location.origin). */
  siteOrigin: string;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Decodes the common character references; anything else stays as typed. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      const valid =
        Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function readAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (!name || attributes.has(name)) continue;
    attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

const RESOURCE_PATH = /^\/resources\/[^/]+\/?$/;

/** Where a link may point, or null when it must not be a link. */
export function resolveRichTextHref(
  raw: string,
  siteOrigin: string,
): { href: string; external: boolean } | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  let site: URL;
  let url: URL;
  try {
    site = new URL(siteOrigin);
    url = new URL(trimmed, site);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  if (url.origin !== site.origin) return { href: url.href, external: true };
  const path = RESOURCE_PATH.test(url.pathname) ? `${url.pathname.replace(/\/$/, "")}/view` : url.pathname;
  return { href: `${path}${url.search}${url.hash}`, external: false };
}

// An opening a tag (attributes may not contain < or >), a br in any of its spellings, or a closing a tag.
const TAG = /<a(?:\s+([^<>]*))?>|<br\s*\/?>|<\/a\s*>/gi;

function pushPlain(tokens: RichTextToken[], text: string) {
  if (text === "") return;
  const last = tokens.at(-1);
  if (last?.kind === "text") last.text += text;
  else tokens.push({ kind: "text", text });
}

const pushText = (tokens: RichTextToken[], raw: string) => pushPlain(tokens, decodeEntities(raw));

export function parseRichText(input: string, options: RichTextOptions): RichTextToken[] {
  const tokens: RichTextToken[] = [];
  let cursor = 0;
  let open: { start: number; contentStart: number; attributes: Map<string, string> } | null = null;

  for (const match of input.matchAll(TAG)) {
    const tag = match[0];
    const at = match.index;
    const lower = tag.toLowerCase();
    if (open) {
      // Inside a link only its end matters; any other markup is part of the link's text.
      if (!lower.startsWith("</a")) continue;
      const content = decodeEntities(input.slice(open.contentStart, at));
      const target = resolveRichTextHref(open.attributes.get("href") ?? "", options.siteOrigin);
      if (target && content.trim() !== "") {
        tokens.push({
          kind: "link",
          href: target.href,
          text: content,
          external: target.external,
          newTab: target.external || open.attributes.get("target")?.toLowerCase() === "_blank",
        });
      } else {
        pushPlain(tokens, content);
      }
      open = null;
      cursor = at + tag.length;
      continue;
    }
    if (lower.startsWith("</a")) continue;
    pushText(tokens, input.slice(cursor, at));
    cursor = at + tag.length;
    if (lower.startsWith("<br")) tokens.push({ kind: "br" });
    else open = { start: at, contentStart: cursor, attributes: readAttributes(match[1] ?? "") };
  }

  if (open) {
    // An a tag that never closes is not a link: the whole rest shows as typed.
    pushText(tokens, input.slice(open.start));
  } else {
    pushText(tokens, input.slice(cursor));
  }
  return tokens;
}
