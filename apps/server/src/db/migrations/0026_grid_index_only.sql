DROP INDEX "resources_listed_sale_idx";--> statement-breakpoint
DROP INDEX "resources_listed_grade_sale_idx";--> statement-breakpoint
DROP INDEX "resources_listed_newest_idx";--> statement-breakpoint
DROP INDEX "resources_listed_downloads_idx";--> statement-breakpoint
DROP INDEX "resources_listed_rating_idx";--> statement-breakpoint
DROP INDEX "resources_listed_grade_downloads_idx";--> statement-breakpoint
DROP INDEX "resources_listed_grade_newest_idx";--> statement-breakpoint
DROP INDEX "resources_listed_grade_rating_idx";--> statement-breakpoint
CREATE INDEX "resources_listed_sale_price_idx" ON "resources" USING btree ("price","id","sale_end","grade") WHERE sale_price is not null and approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_sale_newest_idx" ON "resources" USING btree ("published_at" DESC NULLS LAST,"id","sale_end","grade") WHERE sale_price is not null and approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_sale_downloads_idx" ON "resources" USING btree ("download_count" DESC NULLS LAST,"id","sale_end","grade") WHERE sale_price is not null and approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_sale_rating_idx" ON "resources" USING btree ("rating_score" DESC NULLS LAST,"download_count" DESC NULLS LAST,"id","sale_end","grade") WHERE sale_price is not null and approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_newest_idx" ON "resources" USING btree ("published_at" DESC NULLS LAST,"id","price") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_downloads_idx" ON "resources" USING btree ("download_count" DESC NULLS LAST,"id","price") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_rating_idx" ON "resources" USING btree ("rating_score" DESC NULLS LAST,"download_count" DESC NULLS LAST,"id","price") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_grade_downloads_idx" ON "resources" USING btree ("grade","download_count" DESC NULLS LAST,"id","price") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_grade_newest_idx" ON "resources" USING btree ("grade","published_at" DESC NULLS LAST,"id","price") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_grade_rating_idx" ON "resources" USING btree ("grade","rating_score" DESC NULLS LAST,"download_count" DESC NULLS LAST,"id","rating_average","price") WHERE approval_status = 'approved' and status = 'active';