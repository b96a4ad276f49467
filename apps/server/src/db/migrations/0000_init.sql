CREATE TABLE "ad_daily_stats" (
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"spend_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_stats_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "advertisements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid NOT NULL,
	"ad_type" text NOT NULL,
	"approval_status" text DEFAULT 'creating' NOT NULL,
	"running_status" text,
	"css_override" text,
	"discount_code" text,
	"title" text,
	"subtitle" text,
	"subject" text,
	"statement" text,
	"description" text,
	"button" text,
	"code" text,
	"business_name" text,
	"business_image" text,
	"click_url" text,
	"image_url" text,
	"image_name" text,
	"spend_per_day" integer DEFAULT 500 NOT NULL,
	"run_days_total" integer DEFAULT 7 NOT NULL,
	"grades" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_admin_ad" boolean DEFAULT false NOT NULL,
	"is_free_user_only" boolean DEFAULT false NOT NULL,
	"review_comment" text,
	"payment_id" uuid,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisements_type_check" CHECK ("ad_type" in ('1', '2', '3', '4', '5')),
	CONSTRAINT "advertisements_approval_check" CHECK ("approval_status" in ('creating', 'awaiting_approval', 'approved', 'rejected')),
	CONSTRAINT "advertisements_running_check" CHECK (running_status is null or "running_status" in ('running', 'stopped', 'expired')),
	CONSTRAINT "advertisements_spend_check" CHECK (spend_per_day >= 0 and run_days_total >= 0)
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_not_self" CHECK (sender_id <> recipient_id)
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_threads_status_check" CHECK ("status" in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "help_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"short_title" text NOT NULL,
	"long_title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"accent_color" text,
	"order_index" integer DEFAULT 0 NOT NULL,
	"image_locator" text,
	"image_alt_text" text,
	"image_name" text,
	"image_size_bytes" bigint,
	"video_locator" text,
	"video_name" text,
	"video_size_bytes" bigint,
	"image_entry_id" uuid,
	"video_entry_id" uuid,
	"is_pro_tip" boolean DEFAULT false NOT NULL,
	"terms_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_entries_type_check" CHECK ("type" in ('article', 'image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid,
	"help_entry_id" uuid,
	"feedback" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tos_agreements" (
	"users_id" uuid NOT NULL,
	"help_entry_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tos_agreements_users_id_help_entry_id_pk" PRIMARY KEY("users_id","help_entry_id")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid,
	"amount_cents" integer NOT NULL,
	"placement" text DEFAULT 'prompt' NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "donations_placement_check" CHECK ("placement" in ('prompt', 'footer', 'page', 'idle', 'logout'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"users_id" uuid,
	"amount_cents" bigint NOT NULL,
	"eligible_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid,
	"purpose" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"gateway" text NOT NULL,
	"charge_id" text,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_purpose_check" CHECK ("purpose" in ('purchase', 'gift', 'tip', 'tip_multiple', 'donation', 'ad', 'feature')),
	CONSTRAINT "payments_status_check" CHECK ("status" in ('authorized', 'captured', 'failed', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "payments_last4_check" CHECK (card_last4 is null or card_last4 ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payout_date" date,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"ledger_transaction_id" uuid,
	CONSTRAINT "payouts_status_check" CHECK ("status" in ('requested', 'paid', 'rejected')),
	CONSTRAINT "payouts_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"recipient_id" uuid,
	"amount_cents" integer NOT NULL,
	"ref_code" text,
	"is_gift" boolean DEFAULT false NOT NULL,
	"gift_code" text,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipper_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"tip_note" text,
	"tip_day" date NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "tips_not_self" CHECK (tipper_id <> recipient_id)
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"users_id" uuid,
	"ref_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"users_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_users_id_resource_id_pk" PRIMARY KEY("users_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"followed_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followed_id_pk" PRIMARY KEY("follower_id","followed_id"),
	CONSTRAINT "follows_not_self" CHECK (follower_id <> followed_id)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid NOT NULL,
	"uri" text NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"is_premium_file" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_files_size_check" CHECK (size_bytes >= 0)
);
--> statement-breakpoint
CREATE TABLE "resource_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"order_index" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"generated_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_previews_size_check" CHECK (size_bytes between 0 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"users_id" uuid NOT NULL,
	"title" text NOT NULL,
	"display" text,
	"subtitle" text,
	"subject_area" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"standards" text[] DEFAULT '{}'::text[] NOT NULL,
	"grade" text DEFAULT '' NOT NULL,
	"reading_levels" text,
	"type" text DEFAULT 'Other' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"sale_price" integer,
	"sale_end" date,
	"approval_status" text DEFAULT 'creating' NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"upload_status" smallint DEFAULT 0 NOT NULL,
	"requires_approval" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"featured_until" timestamp with time zone,
	"curator_score" integer,
	"excluded_colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"background_color" text,
	"download_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_approval_status_check" CHECK ("approval_status" in ('creating', 'awaiting_approval', 'approved', 'rejected', 'skipped')),
	CONSTRAINT "resources_status_check" CHECK ("status" in ('active', 'inactive')),
	CONSTRAINT "resources_upload_status_check" CHECK (upload_status in (0, 1, 2, 5)),
	CONSTRAINT "resources_price_check" CHECK (price = 0 or price between 100 and 10000),
	CONSTRAINT "resources_sale_price_check" CHECK (sale_price is null or (sale_price between 100 and 10000 and sale_price < price))
);
--> statement-breakpoint
CREATE TABLE "upload_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid NOT NULL,
	"resource_id" uuid,
	"step" text DEFAULT 'pre-check' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"css" text NOT NULL,
	"css_var_name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "colors_css_check" CHECK (css ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "site_image_variations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_image_key" text NOT NULL,
	"image_locator" text NOT NULL,
	"alt" text NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_images" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image_field_names" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "site_images_key_check" CHECK ("key" in ('admin', 'advertising', 'donate', 'earnings', 'favorites', 'first-tip', 'following', 'help', 'helpbook', 'login', 'logout', 'new', 'offers', 'portfolio', 'publishing', 'resource-not-found', 'resources', 'sign-up', 'support', 'welcome'))
);
--> statement-breakpoint
CREATE TABLE "site_setting_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_avatars" (
	"id" integer PRIMARY KEY NOT NULL,
	"locator" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"total_users" integer DEFAULT 0 NOT NULL,
	"emails_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "captcha_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"solved_at" timestamp with time zone,
	"token_hash" text,
	"token_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "login_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"users_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_tokens_purpose_check" CHECK ("purpose" in ('login', 'verify_email'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"is_master_account" boolean DEFAULT false NOT NULL,
	"is_deactivated" boolean DEFAULT false NOT NULL,
	"donation_date" timestamp with time zone,
	"avatar_locator" text,
	"email_verified_at" timestamp with time zone,
	"recovery_email" text,
	"security_pattern_hash" text,
	"ref_code" text NOT NULL,
	"referred_by" text,
	"perm_controls" boolean DEFAULT true NOT NULL,
	"perm_payments" boolean DEFAULT true NOT NULL,
	"perm_messages" boolean DEFAULT true NOT NULL,
	"perm_upload" boolean DEFAULT true NOT NULL,
	"perm_editing" boolean DEFAULT true NOT NULL,
	"perm_advertise" boolean DEFAULT true NOT NULL,
	"tos_accepted_at" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("role" in ('user', 'admin')),
	CONSTRAINT "users_username_length" CHECK (char_length("users"."username") between 3 and 20),
	CONSTRAINT "users_email_length" CHECK (char_length("users"."email") <= 64)
);
--> statement-breakpoint
ALTER TABLE "ad_daily_stats" ADD CONSTRAINT "ad_daily_stats_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_thread_id_support_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."support_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_entries" ADD CONSTRAINT "help_entries_image_entry_id_help_entries_id_fk" FOREIGN KEY ("image_entry_id") REFERENCES "public"."help_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_entries" ADD CONSTRAINT "help_entries_video_entry_id_help_entries_id_fk" FOREIGN KEY ("video_entry_id") REFERENCES "public"."help_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_help_entry_id_help_entries_id_fk" FOREIGN KEY ("help_entry_id") REFERENCES "public"."help_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tos_agreements" ADD CONSTRAINT "tos_agreements_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tos_agreements" ADD CONSTRAINT "tos_agreements_help_entry_id_help_entries_id_fk" FOREIGN KEY ("help_entry_id") REFERENCES "public"."help_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_tipper_id_users_id_fk" FOREIGN KEY ("tipper_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_id_users_id_fk" FOREIGN KEY ("followed_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_files" ADD CONSTRAINT "resource_files_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_previews" ADD CONSTRAINT "resource_previews_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_drafts" ADD CONSTRAINT "upload_drafts_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_drafts" ADD CONSTRAINT "upload_drafts_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_image_variations" ADD CONSTRAINT "site_image_variations_site_image_key_site_images_key_fk" FOREIGN KEY ("site_image_key") REFERENCES "public"."site_images"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_setting_changes" ADD CONSTRAINT "site_setting_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_emails" ADD CONSTRAINT "bulk_emails_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_tokens" ADD CONSTRAINT "login_tokens_users_id_users_id_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_daily_stats_day_idx" ON "ad_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "advertisements_user_idx" ON "advertisements" USING btree ("users_id","updated_at");--> statement-breakpoint
CREATE INDEX "advertisements_serving_idx" ON "advertisements" USING btree ("ad_type","approval_status","running_status");--> statement-breakpoint
CREATE INDEX "advertisements_review_idx" ON "advertisements" USING btree ("approval_status","updated_at");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_thread_idx" ON "support_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "support_threads_user_idx" ON "support_threads" USING btree ("users_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_threads_status_idx" ON "support_threads" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "help_entries_name_key" ON "help_entries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "help_entries_order_idx" ON "help_entries" USING btree ("type","order_index");--> statement-breakpoint
CREATE INDEX "help_entries_pro_tip_idx" ON "help_entries" USING btree ("id") WHERE is_pro_tip;--> statement-breakpoint
CREATE INDEX "help_feedback_created_idx" ON "help_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "donations_user_idx" ON "donations" USING btree ("users_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_created_at_idx" ON "donations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_user_idx" ON "ledger_entries" USING btree ("account","users_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("users_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("users_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("users_id","requested_at");--> statement-breakpoint
CREATE INDEX "sales_buyer_idx" ON "sales" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_resource_idx" ON "sales" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "sales_created_at_idx" ON "sales" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_gift_code_key" ON "sales" USING btree ("gift_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_once_per_day_key" ON "tips" USING btree ("tipper_id","recipient_id","tip_day");--> statement-breakpoint
CREATE INDEX "tips_recipient_idx" ON "tips" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "downloads_resource_idx" ON "downloads" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "downloads_created_at_idx" ON "downloads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "favorites_resource_idx" ON "favorites" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id");--> statement-breakpoint
CREATE INDEX "referrals_user_idx" ON "referrals" USING btree ("users_id");--> statement-breakpoint
CREATE INDEX "resource_files_resource_idx" ON "resource_files" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resource_previews_resource_idx" ON "resource_previews" USING btree ("resource_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_name_key" ON "resources" USING btree ("name");--> statement-breakpoint
CREATE INDEX "resources_users_id_idx" ON "resources" USING btree ("users_id","updated_at");--> statement-breakpoint
CREATE INDEX "resources_listed_newest_idx" ON "resources" USING btree ("published_at" DESC NULLS LAST,"id") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_downloads_idx" ON "resources" USING btree ("download_count" DESC NULLS LAST,"id") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_listed_price_idx" ON "resources" USING btree ("price","id") WHERE approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_featured_idx" ON "resources" USING btree ("published_at" DESC NULLS LAST) WHERE is_featured and approval_status = 'approved' and status = 'active';--> statement-breakpoint
CREATE INDEX "resources_review_queue_idx" ON "resources" USING btree ("approval_status","updated_at");--> statement-breakpoint
CREATE INDEX "upload_drafts_user_idx" ON "upload_drafts" USING btree ("users_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "colors_name_key" ON "colors" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "colors_css_var_name_key" ON "colors" USING btree ("css_var_name");--> statement-breakpoint
CREATE INDEX "site_image_variations_key_idx" ON "site_image_variations" USING btree ("site_image_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_image_variations_current_key" ON "site_image_variations" USING btree ("site_image_key") WHERE is_current;--> statement-breakpoint
CREATE INDEX "site_setting_changes_at_idx" ON "site_setting_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "bulk_emails_created_idx" ON "bulk_emails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "captcha_challenges_token_key" ON "captcha_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "captcha_expires_idx" ON "captcha_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("run_at") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_name_idx" ON "jobs" USING btree ("name","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_tokens_hash_key" ON "login_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_tokens_user_idx" ON "login_tokens" USING btree ("users_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_ref_code_key" ON "users" USING btree ("ref_code");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");