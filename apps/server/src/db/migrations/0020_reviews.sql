CREATE TABLE "review_helpful_votes" (
	"review_id" uuid NOT NULL,
	"users_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_votes_review_id_users_id_pk" PRIMARY KEY("review_id","users_id")
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"users_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"resolved_by" uuid,
	CONSTRAINT "review_reports_reason_check" CHECK ("reason" in ('spam', 'offensive', 'off-topic', 'personal-information', 'other')),
	CONSTRAINT "review_reports_resolution_check" CHECK (resolution is null or resolution in ('hidden', 'kept'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"users_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"grade_taught" text,
	"used_for" text,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"reply_text" text,
	"reply_created_at" timestamp with time zone,
	"reply_updated_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK (rating between 1 and 5),
	CONSTRAINT "reviews_text_length_check" CHECK (char_length(text) <= 2000),
	CONSTRAINT "reviews_reply_length_check" CHECK (char_length(reply_text) <= 1000),
	CONSTRAINT "reviews_grade_taught_check" CHECK ("grade_taught" in ('Pre-K', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'Higher Education', 'Adult Education')),
	CONSTRAINT "reviews_used_for_check" CHECK ("used_for" in ('whole-class', 'small-group', 'homework', 'sub-plan', 'intervention', 'other'))
);
--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "rating_average" numeric(2, 1) GENERATED ALWAYS AS (case when rating_count > 0 then round(rating_sum::numeric / rating_count, 1) end) STORED;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "rating_score" double precision GENERATED ALWAYS AS (case when rating_count > 0 then (40 + rating_sum)::float8 / (10 + rating_count) end) STORED;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_once_per_user_key" ON "review_reports" USING btree ("review_id","users_id");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at","review_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_once_per_user_key" ON "reviews" USING btree ("resource_id","users_id");--> statement-breakpoint
CREATE INDEX "reviews_resource_helpful_idx" ON "reviews" USING btree ("resource_id","helpful_count" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_resource_newest_idx" ON "reviews" USING btree ("resource_id","created_at" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_resource_rating_idx" ON "reviews" USING btree ("resource_id","rating","created_at" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("users_id");--> statement-breakpoint
CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "resources_listed_rating_idx" ON "resources" USING btree ("rating_score" DESC NULLS LAST,"download_count" DESC NULLS LAST,"id") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_rating_average_idx" ON "resources" USING btree ("rating_average" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id") WHERE rating_average is not null and approval_status = 'approved' and status = 'active';--> statement-breakpoint
-- A resource's rating_count and rating_sum are its shown reviews' (hidden_at null), changed by the same
-- statement that changes a review, whatever wrote it (the reviews service, an admin, the demo seed).
-- Each is an increment of the resource's row, which PostgreSQL applies one at a time: two reviews saved
-- at once both count.
CREATE FUNCTION reviews_rating_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  count_change integer := 0;
  sum_change integer := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hidden_at IS NULL THEN
    count_change := count_change - 1;
    sum_change := sum_change - OLD.rating;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    count_change := count_change + 1;
    sum_change := sum_change + NEW.rating;
  END IF;
  IF count_change <> 0 OR sum_change <> 0 THEN
    UPDATE resources SET rating_count = rating_count + count_change, rating_sum = rating_sum + sum_change
    WHERE id = COALESCE(NEW.resource_id, OLD.resource_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_rating_trigger AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_rating_change();
