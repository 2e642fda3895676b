CREATE TABLE "intercept_outcome" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"site_id" uuid NOT NULL,
	"user_day" integer NOT NULL,
	"outcome" text NOT NULL,
	"session_length_in_milliseconds" integer,
	"shown_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intercept_outcome_outcome_known" CHECK ("intercept_outcome"."outcome" in ('shown', 'nevermind', 'session', 'left')),
	CONSTRAINT "intercept_outcome_session_length" CHECK (("intercept_outcome"."outcome" = 'session') = ("intercept_outcome"."session_length_in_milliseconds" is not null))
);
--> statement-breakpoint
CREATE TABLE "mobile_app_daily_usage" (
	"mobile_app_id" uuid NOT NULL,
	"user_day" integer NOT NULL,
	"app_opens" integer DEFAULT 0 NOT NULL,
	"minutes_used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_app_daily_usage_pk" PRIMARY KEY("mobile_app_id","user_day"),
	CONSTRAINT "mobile_app_daily_usage_opens_min" CHECK ("mobile_app_daily_usage"."app_opens" >= 0),
	CONSTRAINT "mobile_app_daily_usage_minutes_range" CHECK ("mobile_app_daily_usage"."minutes_used" between 0 and 1440)
);
--> statement-breakpoint
ALTER TABLE "ad_event" ADD COLUMN "forward_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_event" ADD COLUMN "next_forward_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_event" ADD COLUMN "forward_given_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_event" ADD COLUMN "last_forward_error" text;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "forwarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "forward_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "next_forward_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "forward_given_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "last_forward_error" text;--> statement-breakpoint
ALTER TABLE "feedback_message" ADD COLUMN "forward_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_message" ADD COLUMN "next_forward_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback_message" ADD COLUMN "forward_given_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback_message" ADD COLUMN "last_forward_error" text;--> statement-breakpoint
ALTER TABLE "intercept_outcome" ADD CONSTRAINT "intercept_outcome_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercept_outcome" ADD CONSTRAINT "intercept_outcome_site_id_browser_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."browser_site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_app_daily_usage" ADD CONSTRAINT "mobile_app_daily_usage_mobile_app_id_mobile_app_id_fk" FOREIGN KEY ("mobile_app_id") REFERENCES "public"."mobile_app"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intercept_outcome_user_day_idx" ON "intercept_outcome" USING btree ("user_id","user_day");--> statement-breakpoint
CREATE INDEX "intercept_outcome_site_idx" ON "intercept_outcome" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "analytics_event_unforwarded_idx" ON "analytics_event" USING btree ("received_at") WHERE "analytics_event"."forwarded_at" is null;--> statement-breakpoint
-- Events stored before forwarding was tracked were handed on when they arrived; re-sending them
-- now would count them twice at the analytics service.
UPDATE "analytics_event" SET "forwarded_at" = "received_at";