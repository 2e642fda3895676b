CREATE TABLE "trial_reminder" (
	"trial_key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subscription_id" text,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"channel" text,
	"skipped_at" timestamp with time zone,
	"skip_reason" text,
	"given_up_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_reminder_kind_valid" CHECK ("trial_reminder"."kind" in ('free_trial', 'paid_trial')),
	CONSTRAINT "trial_reminder_channel_valid" CHECK ("trial_reminder"."channel" is null or "trial_reminder"."channel" in ('email', 'sms')),
	CONSTRAINT "trial_reminder_skip_reason_valid" CHECK ("trial_reminder"."skip_reason" is null or "trial_reminder"."skip_reason" in ('canceled', 'converted', 'ended', 'no_contact'))
);
--> statement-breakpoint
ALTER TABLE "trial_reminder" ADD CONSTRAINT "trial_reminder_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_reminder_pending_idx" ON "trial_reminder" USING btree ("due_at") WHERE "trial_reminder"."sent_at" is null and "trial_reminder"."skipped_at" is null and "trial_reminder"."given_up_at" is null;