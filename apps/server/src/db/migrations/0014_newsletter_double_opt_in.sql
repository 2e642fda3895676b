CREATE TABLE "newsletter_confirmation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"next_send_at" timestamp with time zone,
	"send_given_up_at" timestamp with time zone,
	"last_send_error" text,
	CONSTRAINT "newsletter_confirmation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "newsletter_signup" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_signup" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_signup" ADD COLUMN "unsubscribe_token" text;--> statement-breakpoint
-- Addresses signed up before double opt-in stay unconfirmed; each gets its own unguessable
-- unsubscribe key (244 random bits), as a new sign-up does.
UPDATE "newsletter_signup" SET "unsubscribe_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "newsletter_signup" ALTER COLUMN "unsubscribe_token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_confirmation" ADD CONSTRAINT "newsletter_confirmation_email_newsletter_signup_email_fk" FOREIGN KEY ("email") REFERENCES "public"."newsletter_signup"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_confirmation_email_idx" ON "newsletter_confirmation" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "newsletter_confirmation_unsent_idx" ON "newsletter_confirmation" USING btree ("created_at") WHERE "newsletter_confirmation"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "newsletter_signup" ADD CONSTRAINT "newsletter_signup_unsubscribe_token_unique" UNIQUE("unsubscribe_token");