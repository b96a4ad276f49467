ALTER TABLE "advertisements" ADD COLUMN "image_fit" text DEFAULT 'fill' NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "image_focus_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "image_focus_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_image_fit_check" CHECK ("image_fit" in ('fill', 'fit'));--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_image_focus_check" CHECK (image_focus_x between 0 and 100 and image_focus_y between 0 and 100);