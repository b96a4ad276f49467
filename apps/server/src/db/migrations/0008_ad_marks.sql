CREATE TABLE "ad_click_marks" (
	"ad_id" uuid NOT NULL,
	"address_key" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_click_marks_ad_id_address_key_minute_pk" PRIMARY KEY("ad_id","address_key","minute")
);
--> statement-breakpoint
CREATE TABLE "ad_impression_marks" (
	"ad_id" uuid NOT NULL,
	"session_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_impression_marks_ad_id_session_key_pk" PRIMARY KEY("ad_id","session_key")
);
--> statement-breakpoint
ALTER TABLE "ad_click_marks" ADD CONSTRAINT "ad_click_marks_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impression_marks" ADD CONSTRAINT "ad_impression_marks_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_impression_marks_created_idx" ON "ad_impression_marks" USING btree ("created_at");