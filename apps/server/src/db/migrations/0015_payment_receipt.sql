ALTER TABLE "payment_subscription" ADD COLUMN "receipt_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_subscription" ADD COLUMN "receipt_sent_to" text;--> statement-breakpoint
-- Purchases made before receipts existed are not sent one on their next event, months late.
UPDATE "payment_subscription" SET "receipt_sent_at" = "created_at";