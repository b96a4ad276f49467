import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { LISTED } from "../resources/index.ts";

/** The sitemap protocol's limit of addresses in one file (and of files in one index). */
export const SITEMAP_MAX_URLS = 50_000;

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** lastmod as W3C datetime in UTC, made by the database so that both engines' drivers give the same text. */
const w3c = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface SitemapOptions {
  /** PUBLIC_URL: every address in a sitemap is absolute. */
  publicUrl: string;
  /** Addresses per file: SITEMAP_MAX_URLS, smaller in tests. */
  pageSize?: number;
}

interface SitemapUrl {
  loc: string;
  lastmod?: string | null;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

const baseOf = (publicUrl: string) => publicUrl.replace(/\/$/, "");

function urlset(urls: SitemapUrl[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${entries.join("\n")}\n</urlset>\n`;
}

/**
 * The listed resources (the grids' LISTED: approved and active) in id order, and the public creators:
 * accounts that are not deactivated with at least one listed resource, their newest change as lastmod.
 */
const LISTED_RESOURCES = sql`from resources r where ${LISTED}`;
const CREATORS = sql`from users u
  cross join lateral (select r.updated_at from resources r where r.users_id = u.id and ${LISTED}
                      order by r.updated_at desc limit 1) newest
  where not u.is_deactivated`;

/**
 * Where each file after the first starts: the id that ends the file before it. One pass over the set in
 * id order when the index is built (and kept a while by the route); each file is then one keyset query,
 * `id > after order by id limit pageSize`, read from the primary key: no file costs a scan of the rest.
 */
async function fileStarts(db: Db, from: SQL, idColumn: SQL, pageSize: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from (
      select ${idColumn} as id, row_number() over (order by ${idColumn}) as n, count(*) over () as total ${from}
    ) ranked
    where n % ${pageSize} = 0 and n < total
    order by id`);
  return rows.rows.map((row) => String(row.id));
}

/** Where the resources' and the creators' files after the first start (the only `after` values there are). */
export interface SitemapFileStarts {
  resources: string[];
  creators: string[];
}

export async function sitemapFileStarts(
  db: Db,
  opts: Pick<SitemapOptions, "pageSize">,
): Promise<SitemapFileStarts> {
  const pageSize = opts.pageSize ?? SITEMAP_MAX_URLS;
  return {
    resources: await fileStarts(db, LISTED_RESOURCES, sql`r.id`, pageSize),
    creators: await fileStarts(db, CREATORS, sql`u.id`, pageSize),
  };
}

/**
 * /sitemap.xml: an index of the files, the site's own pages first, then the resources and the creators
 * in files of at most `pageSize` addresses each, every one after the first named by where it starts.
 */
export async function sitemapIndex(
  db: Db,
  opts: SitemapOptions,
  starts?: SitemapFileStarts,
): Promise<string> {
  const base = baseOf(opts.publicUrl);
  const { resources: resourceStarts, creators: creatorStarts } =
    starts ?? (await sitemapFileStarts(db, opts));
  const files = [
    `${base}/sitemap-pages.xml`,
    `${base}/sitemap-resources.xml`,
    ...resourceStarts.map((id) => `${base}/sitemap-resources.xml?after=${id}`),
    `${base}/sitemap-creators.xml`,
    ...creatorStarts.map((id) => `${base}/sitemap-creators.xml?after=${id}`),
  ];
  const entries = files.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/** The site's own public pages: home, newest, featured and the help centre, each last changed when its content was. */
export async function pagesSitemap(db: Db, opts: SitemapOptions): Promise<string> {
  const base = baseOf(opts.publicUrl);
  // Each is the first entry of an index: the newest listed or featured publication, the newest help entry.
  const result = await db.execute<{
    newest: string | null;
    featured: string | null;
    help: string | null;
  }>(sql`
    select (select ${w3c(sql`max(r.published_at)`)} ${LISTED_RESOURCES}) as newest,
           (select ${w3c(sql`max(r.published_at)`)} ${LISTED_RESOURCES} and r.is_featured) as featured,
           (select ${w3c(sql`max(h.updated_at)`)} from help_entries h) as help`);
  const row = result.rows[0];
  return urlset([
    { loc: `${base}/`, lastmod: row?.newest },
    { loc: `${base}/new`, lastmod: row?.newest },
    { loc: `${base}/featured`, lastmod: row?.featured },
    { loc: `${base}/help`, lastmod: row?.help },
  ]);
}

/** One file of resource pages: the listed resources after `after` in id order, at most `pageSize`. */
export async function resourcesSitemap(db: Db, opts: SitemapOptions & { after?: string }): Promise<string> {
  const base = baseOf(opts.publicUrl);
  const rows = await db.execute<{ name: string; lastmod: string }>(sql`
    select r.name, ${w3c(sql`r.updated_at`)} as lastmod ${LISTED_RESOURCES}
    ${opts.after ? sql`and r.id > ${opts.after}` : sql``}
    order by r.id limit ${opts.pageSize ?? SITEMAP_MAX_URLS}`);
  return urlset(
    rows.rows.map((row) => ({
      loc: `${base}/resources/${encodeURIComponent(row.name)}`,
      lastmod: row.lastmod,
    })),
  );
}

/** One file of creators' portfolios (/profile/@username), in id order after `after`, at most `pageSize`. */
export async function creatorsSitemap(db: Db, opts: SitemapOptions & { after?: string }): Promise<string> {
  const base = baseOf(opts.publicUrl);
  const rows = await db.execute<{ username: string; lastmod: string }>(sql`
    select u.username, ${w3c(sql`newest.updated_at`)} as lastmod ${CREATORS}
    ${opts.after ? sql`and u.id > ${opts.after}` : sql``}
    order by u.id limit ${opts.pageSize ?? SITEMAP_MAX_URLS}`);
  return urlset(
    rows.rows.map((row) => ({
      loc: `${base}/profile/@${encodeURIComponent(row.username)}`,
      lastmod: row.lastmod,
    })),
  );
}
