ALTER TABLE "downloads" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "downloads_once_per_user_key" ON "downloads" USING btree ("resource_id","users_id") WHERE users_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "downloads_once_per_visitor_key" ON "downloads" USING btree ("resource_id","visitor_key") WHERE users_id is null;--> statement-breakpoint
CREATE INDEX "resources_search_trgm_idx" ON "resources" USING gin ("search_text" gin_trgm_ops) WHERE approval_status = 'approved' and status = 'active';