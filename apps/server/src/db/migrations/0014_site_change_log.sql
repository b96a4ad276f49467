ALTER TABLE "site_setting_changes" ALTER COLUMN "new_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "site_setting_changes" ADD COLUMN "area" text DEFAULT 'setting' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_setting_changes" ADD CONSTRAINT "site_setting_changes_area_check" CHECK ("area" in ('setting', 'color', 'text'));