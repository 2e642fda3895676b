ALTER TABLE "feedback_message" ADD COLUMN "extension_version" text;--> statement-breakpoint
ALTER TABLE "feedback_message" ADD COLUMN "install_ref" text;