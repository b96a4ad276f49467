CREATE TABLE "licence_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"holder_id" uuid,
	"invited_email" text,
	"assigned_at" timestamp with time zone,
	"held_before" boolean DEFAULT false NOT NULL,
	"moved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_seats_one_assignee" CHECK (holder_id is null or invited_email is null),
	CONSTRAINT "licence_seats_slot_check" CHECK (slot between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "seats" smallint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "seats" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "seat_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "seat_price" integer;--> statement-breakpoint
ALTER TABLE "licence_seats" ADD CONSTRAINT "licence_seats_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_seats" ADD CONSTRAINT "licence_seats_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_seats_slot_key" ON "licence_seats" USING btree ("sale_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "licence_seats_holder_key" ON "licence_seats" USING btree ("sale_id","holder_id") WHERE holder_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_seats_invite_key" ON "licence_seats" USING btree ("sale_id","invited_email") WHERE invited_email is not null;--> statement-breakpoint
CREATE INDEX "licence_seats_holder_idx" ON "licence_seats" USING btree ("holder_id") WHERE holder_id is not null;--> statement-breakpoint
CREATE INDEX "licence_seats_invited_idx" ON "licence_seats" USING btree ("invited_email") WHERE invited_email is not null;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seats_check" CHECK (seats between 1 and 100 and (seats = 1 or not is_gift));--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_seat_price_check" CHECK (seat_price is null or seat_price between 0 and 10000);--> statement-breakpoint
-- Insight's revenue (0023) follows a sale's amount until it is refunded. A purchase for colleagues refunded
-- in part (refunds.seats set when approved) keeps its sale, so what its free seats brought back is taken
-- off the sale's own day here, as a whole refund takes off the whole amount.
CREATE FUNCTION insight_seat_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_count(s.resource_id, insight_day(s.created_at), 0, 0,
                        -(NEW.amount_cents - coalesce(OLD.amount_cents, 0)), 0)
  FROM sales s WHERE s.id = NEW.sale_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER refunds_seat_insight_trigger AFTER UPDATE OF amount_cents ON refunds
  FOR EACH ROW WHEN (NEW.seats IS NOT NULL AND NEW.amount_cents IS DISTINCT FROM OLD.amount_cents)
  EXECUTE FUNCTION insight_seat_refund();
