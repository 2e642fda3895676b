CREATE TABLE "analytics_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extension_exchange_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_send_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_send_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone_number" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"phone_number" text,
	"phone_number_verified" boolean,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"content" text NOT NULL,
	"location" text NOT NULL,
	"email" text,
	"phone_number" text,
	"trial_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_purchase" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"purchaser_user_id" text,
	"purchaser_email" text,
	"checkout_session_id" text,
	"quantity" integer NOT NULL,
	"price_id" text NOT NULL,
	"referral_group" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "gift_purchase_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "gift_purchase_quantity_range" CHECK ("gift_purchase"."quantity" between 1 and 20),
	CONSTRAINT "gift_purchase_provider_valid" CHECK ("gift_purchase"."provider" in ('stripe', 'local')),
	CONSTRAINT "gift_purchase_status_valid" CHECK ("gift_purchase"."status" in ('pending', 'paid', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "redemption_code" (
	"code" text PRIMARY KEY NOT NULL,
	"gift_purchase_id" uuid NOT NULL,
	"redeemed_by_user_id" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemption_code_format" CHECK ("redemption_code"."code" ~ '^[A-Z0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "mobile_app" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"supported_app_id" text,
	"name" text,
	"budget" integer NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_app_user_supported_app_uq" UNIQUE("user_id","supported_app_id"),
	CONSTRAINT "mobile_app_budget_min" CHECK ("mobile_app"."budget" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mobile_app_weekly_usage" (
	"mobile_app_id" uuid NOT NULL,
	"week_start_user_day" integer NOT NULL,
	"total_app_opens" integer DEFAULT 0 NOT NULL,
	"total_minutes_used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_app_weekly_usage_pk" PRIMARY KEY("mobile_app_id","week_start_user_day"),
	CONSTRAINT "mobile_app_weekly_usage_opens_min" CHECK ("mobile_app_weekly_usage"."total_app_opens" >= 0),
	CONSTRAINT "mobile_app_weekly_usage_minutes_min" CHECK ("mobile_app_weekly_usage"."total_minutes_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mobile_screen_time" (
	"user_id" text NOT NULL,
	"user_day" integer NOT NULL,
	"minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_screen_time_pk" PRIMARY KEY("user_id","user_day"),
	CONSTRAINT "mobile_screen_time_minutes_range" CHECK ("mobile_screen_time"."minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "supported_app" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_signup" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_signup_email_lower" CHECK ("newsletter_signup"."email" = lower("newsletter_signup"."email"))
);
--> statement-breakpoint
CREATE TABLE "onboarding_answers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"hdyh" text,
	"hdyh_detail" text,
	"onboarding_intention" text,
	"onboarding_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_first_answers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"intention" text,
	"outcome" text,
	"age" text,
	"occupation" text,
	"most_disruptive" text,
	"worst_app" text,
	"step" text,
	"hdyh" text,
	"hdyh_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customer" (
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customer_pk" PRIMARY KEY("user_id","provider"),
	CONSTRAINT "payment_customer_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "payment_customer_provider_valid" CHECK ("payment_customer"."provider" in ('stripe', 'local'))
);
--> statement-breakpoint
CREATE TABLE "payment_subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"price_id" text NOT NULL,
	"status" text NOT NULL,
	"trial_end" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_subscription_provider_valid" CHECK ("payment_subscription"."provider" in ('stripe', 'local'))
);
--> statement-breakpoint
CREATE TABLE "processed_payment_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_payment_event_pk" PRIMARY KEY("provider","event_id"),
	CONSTRAINT "processed_payment_event_provider_valid" CHECK ("processed_payment_event"."provider" in ('stripe', 'local'))
);
--> statement-breakpoint
CREATE TABLE "profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"streak_started" bigint,
	"timezone_offset_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_timezone_offset_range" CHECK ("profile"."timezone_offset_minutes" between -840 and 840)
);
--> statement-breakpoint
CREATE TABLE "referral_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referring_user_id" text,
	"clicked_download_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedblocking_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"facebook_feedblocking" boolean DEFAULT true NOT NULL,
	"youtube_feedblocking" boolean DEFAULT true NOT NULL,
	"twitter_feedblocking" boolean DEFAULT true NOT NULL,
	"linkedin_feedblocking" boolean DEFAULT true NOT NULL,
	"instagram_feedblocking" boolean DEFAULT true NOT NULL,
	"reddit_feedblocking" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "browser_site" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"site_origin" text NOT NULL,
	"budget" integer DEFAULT 3 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "browser_site_budget_min" CHECK ("browser_site"."budget" >= 1)
);
--> statement-breakpoint
CREATE TABLE "browser_site_session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"site_id" uuid NOT NULL,
	"time_started" bigint NOT NULL,
	"length_in_milliseconds" integer NOT NULL,
	"user_day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "browser_site_session_length_positive" CHECK ("browser_site_session"."length_in_milliseconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "entitlement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product_identifier" text NOT NULL,
	"store" text NOT NULL,
	"period_type" text DEFAULT 'normal' NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"source_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlement_user_product_uq" UNIQUE("user_id","product_identifier"),
	CONSTRAINT "entitlement_store_valid" CHECK ("entitlement"."store" in ('app_store', 'play_store', 'stripe', 'promotional', 'gift')),
	CONSTRAINT "entitlement_period_type_valid" CHECK ("entitlement"."period_type" in ('normal', 'trial', 'intro'))
);
--> statement-breakpoint
CREATE TABLE "free_trial" (
	"user_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_event" ADD CONSTRAINT "analytics_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_exchange_token" ADD CONSTRAINT "extension_exchange_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_message" ADD CONSTRAINT "feedback_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_purchase" ADD CONSTRAINT "gift_purchase_purchaser_user_id_user_id_fk" FOREIGN KEY ("purchaser_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_code" ADD CONSTRAINT "redemption_code_gift_purchase_id_gift_purchase_id_fk" FOREIGN KEY ("gift_purchase_id") REFERENCES "public"."gift_purchase"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_code" ADD CONSTRAINT "redemption_code_redeemed_by_user_id_user_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_app" ADD CONSTRAINT "mobile_app_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_app" ADD CONSTRAINT "mobile_app_supported_app_id_supported_app_id_fk" FOREIGN KEY ("supported_app_id") REFERENCES "public"."supported_app"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_app_weekly_usage" ADD CONSTRAINT "mobile_app_weekly_usage_mobile_app_id_mobile_app_id_fk" FOREIGN KEY ("mobile_app_id") REFERENCES "public"."mobile_app"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_screen_time" ADD CONSTRAINT "mobile_screen_time_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD CONSTRAINT "onboarding_answers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_first_answers" ADD CONSTRAINT "web_first_answers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customer" ADD CONSTRAINT "payment_customer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD CONSTRAINT "payment_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_view" ADD CONSTRAINT "referral_view_referring_user_id_user_id_fk" FOREIGN KEY ("referring_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedblocking_settings" ADD CONSTRAINT "feedblocking_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_site" ADD CONSTRAINT "browser_site_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_site_session" ADD CONSTRAINT "browser_site_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_site_session" ADD CONSTRAINT "browser_site_session_site_id_browser_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."browser_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement" ADD CONSTRAINT "entitlement_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trial" ADD CONSTRAINT "free_trial_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_event_name_occurred_at_idx" ON "analytics_event" USING btree ("name","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_event_user_id_idx" ON "analytics_event" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_provider_account_uidx" ON "account" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "extension_exchange_token_user_id_idx" ON "extension_exchange_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "extension_exchange_token_expires_at_idx" ON "extension_exchange_token" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "otp_send_log_phone_sent_at_idx" ON "otp_send_log" USING btree ("phone_number","sent_at");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "feedback_message_unforwarded_idx" ON "feedback_message" USING btree ("created_at") WHERE "feedback_message"."forwarded_at" is null;--> statement-breakpoint
CREATE INDEX "redemption_code_gift_purchase_idx" ON "redemption_code" USING btree ("gift_purchase_id");--> statement-breakpoint
CREATE INDEX "payment_subscription_user_status_idx" ON "payment_subscription" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "referral_view_referring_user_idx" ON "referral_view" USING btree ("referring_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "browser_site_user_origin_live_uidx" ON "browser_site" USING btree ("user_id","site_origin") WHERE "browser_site"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "browser_site_session_user_day_idx" ON "browser_site_session" USING btree ("user_id","user_day");--> statement-breakpoint
CREATE INDEX "browser_site_session_site_day_idx" ON "browser_site_session" USING btree ("site_id","user_day");