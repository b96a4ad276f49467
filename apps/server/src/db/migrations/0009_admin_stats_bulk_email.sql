CREATE TABLE "bulk_email_recipients" (
	"bulk_email_id" uuid NOT NULL,
	"users_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "bulk_email_recipients_bulk_email_id_users_id_pk" PRIMARY KEY("bulk_email_id","users_id"),
	CONSTRAINT "bulk_email_recipients_state_check" CHECK ("state" in ('pending', 'sending', 'sent', 'unconfirmed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "user_active_days" (
	"day" date NOT NULL,
	"users_id" uuid NOT NULL,
	CONSTRAINT "user_active_days_day_users_id_pk" PRIMARY KEY("day","users_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_email_recipients" ADD CONSTRAINT "bulk_email_recipients_bulk_email_id_bulk_emails_id_fk" FOREIGN KEY ("bulk_email_id") REFERENCES "public"."bulk_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_email_recipients" ADD CONSTRAINT "bulk_email_recipients_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_active_days" ADD CONSTRAINT "user_active_days_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_email_recipients_state_idx" ON "bulk_email_recipients" USING btree ("bulk_email_id","state");--> statement-breakpoint
CREATE INDEX "ledger_transactions_kind_created_idx" ON "ledger_transactions" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "tips_created_at_idx" ON "tips" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "resources_published_at_idx" ON "resources" USING btree ("published_at") WHERE published_at is not null;