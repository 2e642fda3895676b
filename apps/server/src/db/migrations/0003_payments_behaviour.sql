CREATE TABLE "local_payment_object" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"customer_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entitlement" DROP CONSTRAINT "entitlement_period_type_valid";--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD COLUMN "trial_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD COLUMN "is_sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD COLUMN "synced_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "entitlement" ADD COLUMN "source_observed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "local_payment_object_type_customer_idx" ON "local_payment_object" USING btree ("type","customer_id");--> statement-breakpoint
ALTER TABLE "entitlement" ADD CONSTRAINT "entitlement_period_type_valid" CHECK ("entitlement"."period_type" in ('normal', 'trial', 'intro', 'promotional'));