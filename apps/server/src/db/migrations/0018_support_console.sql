-- The support console (docs/support.md): its append-only audit log, and premium granted by the team as an
-- entitlement of its own store, `support`.
CREATE TABLE "admin_audit_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uid" text NOT NULL,
	"action" text NOT NULL,
	"target_uid" text,
	"target_ref" text,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entitlement" DROP CONSTRAINT "entitlement_store_valid";--> statement-breakpoint
CREATE INDEX "admin_audit_event_at_idx" ON "admin_audit_event" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_event_target_idx" ON "admin_audit_event" USING btree ("target_uid","at","id");--> statement-breakpoint
ALTER TABLE "entitlement" ADD CONSTRAINT "entitlement_store_valid" CHECK ("entitlement"."store" in ('app_store', 'play_store', 'stripe', 'promotional', 'gift', 'support'));