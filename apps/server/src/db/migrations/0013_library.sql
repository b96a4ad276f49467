ALTER TABLE "sales" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sales_recipient_idx" ON "sales" USING btree ("recipient_id","claimed_at") WHERE recipient_id is not null;--> statement-breakpoint
CREATE INDEX "downloads_user_idx" ON "downloads" USING btree ("users_id","created_at") WHERE users_id is not null;--> statement-breakpoint
UPDATE "sales" SET "claimed_at" = "created_at" WHERE "recipient_id" IS NOT NULL AND "claimed_at" IS NULL;
