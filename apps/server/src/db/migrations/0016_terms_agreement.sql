CREATE TABLE "terms_agreement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text,
	"terms_version" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"purchase_kind" text NOT NULL,
	"purchase_ref" text NOT NULL,
	CONSTRAINT "terms_agreement_purchase_uq" UNIQUE("purchase_kind","purchase_ref"),
	CONSTRAINT "terms_agreement_purchase_kind_valid" CHECK ("terms_agreement"."purchase_kind" in ('subscription_checkout', 'subscription_intent', 'gift_checkout', 'free_trial'))
);
--> statement-breakpoint
ALTER TABLE "terms_agreement" ADD CONSTRAINT "terms_agreement_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_agreement_user_idx" ON "terms_agreement" USING btree ("user_id");