ALTER TABLE "resources" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
CREATE INDEX "resources_awaiting_idx" ON "resources" USING btree ("submitted_at","id") WHERE approval_status = 'awaiting_approval';--> statement-breakpoint
CREATE UNIQUE INDEX "upload_drafts_resource_key" ON "upload_drafts" USING btree ("resource_id");