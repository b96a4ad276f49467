import type { FooterFacts } from "@market/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import type { TtlCache } from "../../platform/ttl-cache.ts";
import { LISTED } from "../resources/index.ts";
import { reviewPromptFor } from "../reviews/index.ts";
import { getSiteSettings } from "../site/index.ts";
import { earningsBalance } from "../transactions/index.ts";

/**
 * GET /users/self/footer-facts: everything the footer's prompt conditions need (spec 5), in one query
 * over the user's row with an indexed subquery per fact, plus the earnings balance derived from the
 * ledger as the earnings page derives it, so "unpaid earnings" means exactly what /earnings/payout offers.
 * The catalogue count is the one number shared by every user, so it is cached like the grids' totals.
 * The review prompt's resource (issue 21) is the reviews module's to choose (reviewPromptFor).
 */
export async function footerFacts(
  db: Db,
  viewer: Viewer,
  catalogueCount: TtlCache<number>,
): Promise<FooterFacts> {
  const settings = await getSiteSettings(db);
  const [facts, balance, resourcesCount, reviewPrompt] = await Promise.all([
    db.execute<{
      own_resources: number;
      published_resources: number;
      ads: number;
      donated_within_year: boolean;
      password_expired: boolean;
      has_security_pattern: boolean;
      has_recovery_email: boolean;
      email_verified: boolean;
      favorites: number;
      tipped: boolean;
    }>(sql`
      select
        (select count(*)::int from resources where users_id = u.id) as own_resources,
        (select count(*)::int from resources r where r.users_id = u.id and ${LISTED}) as published_resources,
        (select count(*)::int from advertisements where users_id = u.id) as ads,
        (u.donation_date > now() - interval '1 year'
          or exists (select 1 from donations d where d.users_id = u.id
                     and d.created_at > now() - interval '1 year')) as donated_within_year,
        (u.password_hash is not null
          and u.password_changed_at < now() - make_interval(days => ${settings.passwordMaxAgeDays}::int)) as password_expired,
        u.security_pattern_hash is not null as has_security_pattern,
        u.recovery_email is not null as has_recovery_email,
        u.email_verified_at is not null as email_verified,
        (select count(*)::int from favorites where users_id = u.id) as favorites,
        exists (select 1 from tips where tipper_id = u.id) as tipped
      from users u
      where u.id = ${viewer.id}`),
    earningsBalance(db, viewer.id, settings.payoutMinimumCents),
    catalogueCount.get("listed", async () => {
      const counted = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from resources r where ${LISTED}`,
      );
      return Number(counted.rows[0]?.n ?? 0);
    }),
    reviewPromptFor(db, viewer.id),
  ]);
  const row = facts.rows[0];
  if (!row) throw notFound("No such account");
  return {
    permissions: viewer.permissions,
    resourcesCount,
    ownResources: Number(row.own_resources),
    publishedResources: Number(row.published_resources),
    ads: Number(row.ads),
    donatedWithinYear: Boolean(row.donated_within_year),
    eligiblePayout: balance.eligiblePayout,
    passwordExpired: Boolean(row.password_expired),
    hasSecurityPattern: Boolean(row.has_security_pattern),
    hasRecoveryEmail: Boolean(row.has_recovery_email),
    emailVerified: Boolean(row.email_verified),
    favorites: Number(row.favorites),
    hasTipped: Boolean(row.tipped),
    reviewPrompt,
  };
}
