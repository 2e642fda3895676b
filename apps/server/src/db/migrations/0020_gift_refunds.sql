ALTER TABLE "gift_purchase" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "redemption_code" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_purchase" ADD CONSTRAINT "gift_purchase_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "redemption_code" ADD CONSTRAINT "redemption_code_voided_unredeemed" CHECK ("redemption_code"."voided_at" is null or "redemption_code"."redeemed_at" is null);