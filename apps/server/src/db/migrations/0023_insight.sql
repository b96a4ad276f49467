CREATE TABLE "creator_daily_follows" (
	"users_id" uuid NOT NULL,
	"day" date NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_follows_users_id_day_pk" PRIMARY KEY("users_id","day")
);
--> statement-breakpoint
CREATE TABLE "creator_daily_sources" (
	"creator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_sources_creator_id_day_source_host_pk" PRIMARY KEY("creator_id","day","source","host")
);
--> statement-breakpoint
CREATE TABLE "creator_visitor_sketches" (
	"creator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sketch" "bytea" NOT NULL,
	CONSTRAINT "creator_visitor_sketches_creator_id_day_pk" PRIMARY KEY("creator_id","day")
);
--> statement-breakpoint
CREATE TABLE "resource_daily_sources" (
	"resource_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resource_daily_sources_resource_id_day_source_host_pk" PRIMARY KEY("resource_id","day","source","host"),
	CONSTRAINT "resource_daily_sources_source_check" CHECK ("source" in ('search', 'grid', 'featured', 'profile', 'referral', 'external', 'direct'))
);
--> statement-breakpoint
CREATE TABLE "resource_daily_stats" (
	"resource_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"revenue_cents" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resource_daily_stats_resource_id_day_pk" PRIMARY KEY("resource_id","day")
);
--> statement-breakpoint
CREATE TABLE "resource_view_marks" (
	"resource_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	CONSTRAINT "resource_view_marks_resource_id_day_visitor_pk" PRIMARY KEY("resource_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "creator_daily_follows" ADD CONSTRAINT "creator_daily_follows_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_daily_sources" ADD CONSTRAINT "resource_daily_sources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_daily_stats" ADD CONSTRAINT "resource_daily_stats_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_view_marks" ADD CONSTRAINT "resource_view_marks_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_daily_follows_day_idx" ON "creator_daily_follows" USING btree ("day");--> statement-breakpoint
CREATE INDEX "creator_daily_sources_day_idx" ON "creator_daily_sources" USING btree ("day");--> statement-breakpoint
CREATE INDEX "resource_daily_sources_creator_idx" ON "resource_daily_sources" USING btree ("creator_id","day");--> statement-breakpoint
CREATE INDEX "resource_daily_sources_day_idx" ON "resource_daily_sources" USING btree ("day");--> statement-breakpoint
CREATE INDEX "resource_daily_stats_creator_idx" ON "resource_daily_stats" USING btree ("creator_id","day");--> statement-breakpoint
CREATE INDEX "resource_daily_stats_day_idx" ON "resource_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "resource_view_marks_creator_idx" ON "resource_view_marks" USING btree ("creator_id","day","visitor");--> statement-breakpoint
CREATE INDEX "resource_view_marks_day_idx" ON "resource_view_marks" USING btree ("day","visitor");--> statement-breakpoint
-- Insight's daily rows for downloads, purchases, revenue, favourites and follows are kept by triggers on
-- their own tables, so every write path counts (the services, an admin, a refund, the demo seed). A row
-- counts on the day of the site's time zone on which the counted row was created; removing or refunding
-- it takes it off that same day (a refunded sale is not a purchase of its day; an unfollow un-gains the
-- follow), so each daily row always equals its table grouped by creation day and never goes below zero.
-- The day is computed with the time zone in force when the row is written, as user_active_days does.
CREATE FUNCTION insight_day(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE COALESCE(
    (SELECT value #>> '{}' FROM site_settings WHERE key = 'timeZone'), 'America/New_York'))::date
$$;--> statement-breakpoint
-- Adds to a resource's daily row: an insert the first time (creator copied from the resource), else an
-- increment. Taking off only updates: a row being removed because its resource is deleted must not be
-- written again (the foreign key would refuse it and the delete with it).
CREATE FUNCTION insight_count(
  p_resource uuid, p_day date, p_downloads integer, p_purchases integer, p_revenue integer, p_favorites integer
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_downloads >= 0 AND p_purchases >= 0 AND p_favorites >= 0 AND p_revenue >= 0 THEN
    INSERT INTO resource_daily_stats (resource_id, creator_id, day, downloads, purchases, revenue_cents, favorites)
    SELECT r.id, r.users_id, p_day, p_downloads, p_purchases, p_revenue, p_favorites FROM resources r
    WHERE r.id = p_resource
    ON CONFLICT (resource_id, day) DO UPDATE SET
      downloads = resource_daily_stats.downloads + excluded.downloads,
      purchases = resource_daily_stats.purchases + excluded.purchases,
      revenue_cents = resource_daily_stats.revenue_cents + excluded.revenue_cents,
      favorites = resource_daily_stats.favorites + excluded.favorites;
  ELSE
    UPDATE resource_daily_stats SET
      downloads = greatest(downloads + p_downloads, 0),
      purchases = greatest(purchases + p_purchases, 0),
      revenue_cents = revenue_cents + p_revenue,
      favorites = greatest(favorites + p_favorites, 0)
    WHERE resource_id = p_resource AND day = p_day;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION insight_downloads_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insight_count(NEW.resource_id, insight_day(NEW.created_at), 1, 0, 0, 0);
  ELSE
    PERFORM insight_count(OLD.resource_id, insight_day(OLD.created_at), -1, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER downloads_insight_trigger AFTER INSERT OR DELETE ON downloads
  FOR EACH ROW EXECUTE FUNCTION insight_downloads_change();--> statement-breakpoint
CREATE FUNCTION insight_favorites_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insight_count(NEW.resource_id, insight_day(NEW.created_at), 0, 0, 0, 1);
  ELSE
    PERFORM insight_count(OLD.resource_id, insight_day(OLD.created_at), 0, 0, 0, -1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER favorites_insight_trigger AFTER INSERT OR DELETE ON favorites
  FOR EACH ROW EXECUTE FUNCTION insight_favorites_change();--> statement-breakpoint
-- A sale counts while it is not refunded (sales.refunded_at, set by a refund), on the sale's own day,
-- with what the buyer paid for it (amount_cents, before the site's fee).
CREATE FUNCTION insight_sales_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.refunded_at IS NULL THEN
    PERFORM insight_count(OLD.resource_id, insight_day(OLD.created_at), 0, -1, -OLD.amount_cents, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.refunded_at IS NULL THEN
    PERFORM insight_count(NEW.resource_id, insight_day(NEW.created_at), 0, 1, NEW.amount_cents, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sales_insight_trigger AFTER INSERT OR DELETE OR UPDATE OF refunded_at, amount_cents ON sales
  FOR EACH ROW EXECUTE FUNCTION insight_sales_change();--> statement-breakpoint
CREATE FUNCTION insight_follows_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO creator_daily_follows (users_id, day, follows)
    VALUES (NEW.followed_id, insight_day(NEW.created_at), 1)
    ON CONFLICT (users_id, day) DO UPDATE SET follows = creator_daily_follows.follows + 1;
  ELSE
    UPDATE creator_daily_follows SET follows = greatest(follows - 1, 0)
    WHERE users_id = OLD.followed_id AND day = insight_day(OLD.created_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER follows_insight_trigger AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION insight_follows_change();--> statement-breakpoint
-- What happened before insight existed, counted the same way. Views were never recorded: they start now.
INSERT INTO resource_daily_stats (resource_id, creator_id, day, downloads, purchases, revenue_cents, favorites)
SELECT e.resource_id, r.users_id, e.day, sum(e.downloads), sum(e.purchases), sum(e.revenue), sum(e.favorites)
FROM (
  SELECT resource_id, insight_day(created_at) AS day, 1 AS downloads, 0 AS purchases, 0 AS revenue, 0 AS favorites
  FROM downloads
  UNION ALL
  SELECT resource_id, insight_day(created_at), 0, 1, amount_cents, 0 FROM sales WHERE refunded_at IS NULL
  UNION ALL
  SELECT resource_id, insight_day(created_at), 0, 0, 0, 1 FROM favorites
) e
JOIN resources r ON r.id = e.resource_id
GROUP BY e.resource_id, r.users_id, e.day;--> statement-breakpoint
INSERT INTO creator_daily_follows (users_id, day, follows)
SELECT followed_id, insight_day(created_at), count(*) FROM follows GROUP BY 1, 2;
--> statement-breakpoint
-- A visitor's HyperLogLog register (the low 10 bits of its 64-bit hash: 1,024 registers) and rank (1 + the
-- number of trailing zero bits above them; 55 when none is set), for creator_visitor_registers. Written
-- once here so the beacon, the seeds and any backfill agree.
CREATE FUNCTION insight_register(visitor bigint) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (visitor & 1023)::smallint
$$;--> statement-breakpoint
CREATE FUNCTION insight_register_rank(visitor bigint) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN (visitor >> 10) & 18014398509481983 = 0 THEN 55::smallint
    ELSE (1 + round(log(2, (((visitor >> 10) & 18014398509481983) & -((visitor >> 10) & 18014398509481983))::numeric)))::smallint
  END
$$;
--> statement-breakpoint
-- A day's sketch before its first visitor: 1,024 registers at rank 0.
CREATE FUNCTION insight_empty_sketch() RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT decode(repeat('00', 1024), 'hex')
$$;
