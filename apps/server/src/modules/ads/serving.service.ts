import { createHash } from "node:crypto";
import {
  type AdType,
  adPicker,
  type DisplayAd,
  dayFractionInZone,
  dayInZone,
  displayAdTypes,
  type ServableAd,
  type SiteSettings,
  shouldShowAds,
} from "@market/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { Viewer } from "../../platform/access.ts";
import { onServingChange } from "../../platform/catalogue-changes.ts";
import { AppError } from "../../platform/errors.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { getSiteSettings } from "../site/index.ts";
import { isKnownBot, VIEW_TOKEN_LIFETIME_MS, type ViewTokens } from "./view-tokens.ts";

interface Candidate extends Record<string, unknown> {
  id: string;
  ad_type: AdType;
  title: string | null;
  subtitle: string | null;
  subject: string | null;
  description: string | null;
  button: string | null;
  statement: string | null;
  discount_code: string | null;
  business_name: string | null;
  business_image: string | null;
  image_url: string | null;
  image_fit: "fill" | "fit";
  image_focus_x: number;
  image_focus_y: number;
  click_url: string | null;
  css_override: string | null;
  code: string | null;
  spend_per_day: number;
  impressions_today: number;
}

/**
 * A candidate as pickAd weighs it, with the answer it becomes already shaped and serialized (built once
 * per cache fill, so serving it costs neither a copy nor a JSON.stringify).
 */
type ServableCandidate = ServableAd & { answer: DisplayAnswer };

/** GET /advertisements/display's answer, with its JSON text (the route sends `json` as it is). */
export interface DisplayAnswer {
  ad: DisplayAd;
  json: string;
}

/**
 * A bound on one query's candidates, far above what a site runs at once (the bench's 1,000 running ads
 * are about 200 of a type). Past it some ads would never be weighed, so it is not set near real loads.
 */
const MAX_CANDIDATES = 5000;

const NO_AD: DisplayAnswer = { ad: null, json: JSON.stringify({ ad: null }) };

function answerOf(ad: NonNullable<DisplayAd>): DisplayAnswer {
  return { ad, json: JSON.stringify({ ad }) };
}

/** The picker of one snapshot of candidates (the WeakMap's key) for the site clock's current second. */
interface Snapshot {
  fraction: number;
  pick: (random: number) => ServableCandidate | null;
}

/**
 * The site's day and how far through it we are, recomputed at most once a second per process: formatting
 * a date in a time zone is the costliest step left in choosing an ad.
 */
let clock = { at: 0, timeZone: "", today: "", fraction: 0 };
function siteClock(timeZone: string, now = Date.now()) {
  if (now - clock.at >= 1000 || now < clock.at || clock.timeZone !== timeZone) {
    const date = new Date(now);
    clock = {
      at: now,
      timeZone,
      today: dayInZone(date, timeZone),
      fraction: dayFractionInZone(date, timeZone),
    };
  }
  return clock;
}

/**
 * Ad serving reads the same running ads and settings for every page view; it reuses them for a moment
 * (a second by default) and drops them when this process changes an ad or a setting. Budgets can then
 * be overshot by at most that moment's views. 0 turns it off (tests that change rows directly).
 */
export class ServingCache {
  private readonly settings: TtlCache<SiteSettings>;
  private readonly candidates: TtlCache<ServableCandidate[]>;
  /** One picker per snapshot of candidates, rebuilt when the site clock's second moves on. */
  private readonly snapshots = new WeakMap<ServableCandidate[], Snapshot>();

  constructor(db: Db, ttlMs: number) {
    this.settings = new TtlCache(ttlMs, 1);
    this.candidates = new TtlCache(ttlMs, 500);
    onServingChange(db, () => {
      this.settings.clear();
      this.candidates.clear();
    });
  }

  siteSettings(db: Db) {
    return this.settings.get("settings", () => getSiteSettings(db));
  }

  /** The settings when they are loaded and fresh, without waiting (undefined otherwise). */
  settledSiteSettings() {
    return this.settings.peekSettled("settings");
  }

  rows(key: string, load: () => Promise<ServableCandidate[]>) {
    return this.candidates.get(key, load);
  }

  settledRows(key: string) {
    return this.candidates.peekSettled(key);
  }

  /** Picks from the candidates as pickAd would, building the picker once per snapshot and second. */
  pick(candidates: ServableCandidate[], fraction: number, random: number): ServableCandidate | null {
    let snapshot = this.snapshots.get(candidates);
    if (!snapshot || snapshot.fraction !== fraction) {
      snapshot = { fraction, pick: adPicker(candidates, fraction) };
      this.snapshots.set(candidates, snapshot);
    }
    return snapshot.pick(random);
  }
}

/**
 * GET /advertisements/display: one running ad for this page, or none. Of the running ads of the type
 * (the grid's card types 1 and 2 when none is asked for: displayAdTypes), within their run days, matching the page's grade when it has one,
 * free-user-only ads only for users who have not paid, and never a donor while donatedAdFreeMode is on:
 * the domain's pickAd excludes spent budgets, paces each across the day and weighs by spend.
 *
 * A visitor's page view is answered synchronously once the settings and the candidates are cached (no
 * promise, no query): that is nearly every ad served. Signed-in users cost one lookup of their account.
 */
export function displayAd(
  db: Db,
  viewer: Viewer | null,
  query: { type?: AdType; grade?: string },
  cache: ServingCache,
  random = Math.random(),
): DisplayAnswer | Promise<DisplayAnswer> {
  if (!viewer) {
    const settings = cache.settledSiteSettings();
    if (settings) {
      const { today, fraction } = siteClock(settings.timeZone);
      const candidates = cache.settledRows(candidatesKey(query, false, today));
      if (candidates) return cache.pick(candidates, fraction, random)?.answer ?? NO_AD;
    }
  }
  return displayAdLoading(db, viewer, query, cache, random);
}

function candidatesKey(query: { type?: AdType; grade?: string }, hasPaid: boolean, today: string) {
  return `${query.type ?? ""}|${query.grade ?? ""}|${hasPaid}|${today}`;
}

async function displayAdLoading(
  db: Db,
  viewer: Viewer | null,
  query: { type?: AdType; grade?: string },
  cache: ServingCache,
  random: number,
): Promise<DisplayAnswer> {
  const settings = await cache.siteSettings(db);
  let hasPaid = false;
  if (viewer) {
    const [row] = await db
      .select({
        donation_date: users.donation_date,
        paid: sql<boolean>`exists (select 1 from payments p where p.users_id = ${viewer.id} and p.status = 'captured')`,
      })
      .from(users)
      .where(eq(users.id, viewer.id));
    hasPaid = Boolean(row?.paid);
    if (
      !shouldShowAds({
        adBlockerDetected: false,
        donatedAdFreeMode: settings.donatedAdFreeMode,
        donationDate: row?.donation_date ? new Date(row.donation_date).toISOString() : null,
      })
    ) {
      return NO_AD;
    }
  }
  const { today, fraction } = siteClock(settings.timeZone);
  const candidates = await cache.rows(candidatesKey(query, hasPaid, today), async () => {
    const rows = await db.execute<Candidate>(sql`
    select a.id, a.ad_type, a.title, a.subtitle, a.subject, a.description, a.button, a.statement, a.discount_code,
           a.business_name, a.business_image, a.image_url, a.image_fit, a.image_focus_x, a.image_focus_y,
           a.click_url, a.css_override, a.code, a.spend_per_day,
           coalesce(s.impressions, 0)::int as impressions_today
    from advertisements a
    left join ad_daily_stats s on s.ad_id = a.id and s.day = ${today}
    where a.approval_status = 'approved' and a.running_status = 'running'
      and (a.ends_at is null or a.ends_at > now())
      and a.ad_type in (${sql.join(
        displayAdTypes(query.type).map((type) => sql`${type}`),
        sql`, `,
      )})
      ${query.grade ? sql`and (cardinality(a.grades) = 0 or ${query.grade} = any(a.grades))` : sql``}
      ${hasPaid ? sql`and not a.is_free_user_only` : sql``}
    limit ${MAX_CANDIDATES}`);
    return rows.rows.map(({ spend_per_day, impressions_today, ...ad }) => ({
      id: ad.id,
      spendPerDayCents: spend_per_day,
      cpmCents: settings.adCpmCents[ad.ad_type],
      impressionsToday: Number(impressions_today),
      answer: answerOf(ad as NonNullable<DisplayAd>),
    }));
  });
  return cache.pick(candidates, fraction, random)?.answer ?? NO_AD;
}

const keyOf = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/**
 * Impressions counted for one ad from one address in an hour, at most (DECISIONS.md "Ad counting"): a
 * school's teachers share an address, so this is well above one reader, and it bounds what a loop of
 * display-and-impression calls from one address can spend of an advertiser's budget.
 */
export const IMPRESSIONS_PER_ADDRESS_HOURLY = 30;

/** What counting needs of the request: the view token it brought, the address and the user agent. */
export interface CountRequest {
  adId: string;
  token: string;
  address: string;
  userAgent: string | undefined;
}

const NOT_COUNTED = { counted: false } as const;

/** The nonce of a view token that may count this impression or click, or null (forged, stale, a bot). */
function countableNonce(
  request: CountRequest,
  tokens: ViewTokens,
  kind: keyof typeof VIEW_TOKEN_LIFETIME_MS,
) {
  if (isKnownBot(request.userAgent)) return null;
  return tokens.verify(request.token, request.adId, request.address, VIEW_TOKEN_LIFETIME_MS[kind]);
}

/**
 * POST /advertisements/{id}/impression: counts one impression for a view token the display call issued
 * to this address for this ad within minutes, once per token (its nonce is spent in the impression
 * marks), at most IMPRESSIONS_PER_ADDRESS_HOURLY an hour per ad and address, never for a known bot, and
 * never past the ad's daily budget (spend_per_day buys spend_per_day / CPM x 1000 impressions a day).
 * A token that does not hold is simply not counted: the answer says nothing more to whoever forged it.
 */
export async function recordImpression(
  db: Db,
  request: CountRequest,
  cache: ServingCache,
  tokens: ViewTokens,
): Promise<{ counted: boolean }> {
  const { adId } = request;
  const nonce = countableNonce(request, tokens, "impression");
  if (!nonce) return NOT_COUNTED;
  const settings = await cache.siteSettings(db);
  const { today } = siteClock(settings.timeZone);
  const cpm = settings.adCpmCents;
  const cpmOfType = (column: SQL) =>
    sql`(case ${column} when '1' then ${cpm["1"]}::int when '2' then ${cpm["2"]}::int when '3' then ${cpm["3"]}::int
         when '4' then ${cpm["4"]}::int else ${cpm["5"]}::int end)`;
  const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  // One statement, one round trip: the token's single use, the address's hourly count for the ad, and the
  // day's counter bumped under its row lock only while it is below the budget's impressions (exact under
  // concurrency: ON CONFLICT DO UPDATE re-reads the locked row); the day's spend follows from its
  // impressions at the type's CPM (DECISIONS.md). Nothing is written for an unknown or unapproved ad.
  const [result] = await db
    .execute<{ found: number; counted: number }>(sql`
    with ad as (
      select id, ad_type, (spend_per_day * 1000) / ${cpmOfType(sql`ad_type`)} as budget
      from advertisements where id = ${adId} and approval_status = 'approved'
    ), mark as (
      insert into ad_impression_marks (ad_id, session_key)
      select id, ${`i:${nonce}`} from ad
      on conflict do nothing returning ad_id
    ), per_address as (
      -- Only a token's first use counts against the address's hour: a resent token (a retry) costs nothing.
      insert into rate_limit_counters (bucket, window_start, hits)
      select ${`ad-impression:${adId}:${keyOf(request.address)}`}, ${hour}, 1 from mark
      on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1
      returning hits
    ), counted as (
      insert into ad_daily_stats (ad_id, day, impressions, clicks, spend_cents)
      select ad.id, ${today}, 1, 0, ${cpmOfType(sql`ad.ad_type`)} / 1000
      from mark join ad on ad.id = mark.ad_id
      where ad.budget >= 1 and (select hits from per_address) <= ${IMPRESSIONS_PER_ADDRESS_HOURLY}
      on conflict (ad_id, day) do update set
        impressions = ad_daily_stats.impressions + 1,
        spend_cents = ((ad_daily_stats.impressions + 1) *
          (select ${cpmOfType(sql`a.ad_type`)} from advertisements a where a.id = excluded.ad_id)) / 1000
      where ad_daily_stats.impressions < (select budget from ad)
      returning ad_id
    )
    select (select count(*) from ad)::int as found, (select count(*) from counted)::int as counted`)
    .then((r) => r.rows);
  if (!result?.found) throw new AppError("not_found", "No such ad");
  return { counted: result.counted > 0 };
}

/**
 * POST /advertisements/{id}/click: counts a click for a view token of this ad and address (once per
 * token, within the hour), at most once a minute per address and ad (DECISIONS.md), never for a known
 * bot, in one statement as above.
 */
export async function recordClick(
  db: Db,
  request: CountRequest,
  cache: ServingCache,
  tokens: ViewTokens,
): Promise<{ counted: boolean }> {
  const { adId } = request;
  const nonce = countableNonce(request, tokens, "click");
  if (!nonce) return NOT_COUNTED;
  const settings = await cache.siteSettings(db);
  const { today } = siteClock(settings.timeZone);
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const [result] = await db
    .execute<{ found: number; counted: number }>(sql`
    with ad as (
      select id from advertisements where id = ${adId} and approval_status = 'approved'
    ), spent as (
      insert into ad_impression_marks (ad_id, session_key) select id, ${`c:${nonce}`} from ad
      on conflict do nothing returning ad_id
    ), mark as (
      insert into ad_click_marks (ad_id, address_key, minute)
      select ad_id, ${keyOf(request.address)}, ${minute} from spent
      on conflict do nothing returning ad_id
    ), counted as (
      insert into ad_daily_stats (ad_id, day, impressions, clicks, spend_cents)
      select ad_id, ${today}, 0, 1, 0 from mark
      on conflict (ad_id, day) do update set clicks = ad_daily_stats.clicks + 1
      returning ad_id
    )
    select (select count(*) from ad)::int as found, (select count(*) from counted)::int as counted`)
    .then((r) => r.rows);
  if (!result?.found) throw new AppError("not_found", "No such ad");
  return { counted: result.counted > 0 };
}

/**
 * The display answer with a view token for this reader, spliced into the answer serialized once per
 * cache fill. No ad, or a known bot, gets the answer as it is: a bot is shown ads but never counted.
 */
export function withViewToken(
  answer: DisplayAnswer,
  tokens: ViewTokens,
  address: string,
  userAgent: string | undefined,
): DisplayAnswer {
  if (!answer.ad || isKnownBot(userAgent)) return answer;
  const token = tokens.issue(answer.ad.id, address);
  // answer.json is `{"ad":{...}}`; the token (base36, base64url and dots) needs no escaping.
  return { ad: answer.ad, json: `${answer.json.slice(0, -1)},"token":"${token}"}` };
}

/** GET /advertisements/offers: the discount codes and statements of the running ads, for /offers. */
export async function listOffers(db: Db) {
  const rows = await db.execute<{
    id: string;
    title: string | null;
    discount_code: string;
    statement: string | null;
    business_name: string | null;
    click_url: string | null;
    image_url: string | null;
  }>(sql`
    select id, title, discount_code, statement, business_name, click_url, image_url from advertisements
    where approval_status = 'approved' and running_status = 'running' and (ends_at is null or ends_at > now())
      and discount_code is not null and discount_code <> ''
    order by updated_at desc limit 100`);
  return { offers: rows.rows };
}
