CREATE TABLE "deep_link" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"desktop_url" text NOT NULL,
	"ios_url" text NOT NULL,
	"suggested_auth_method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deep_link_suggested_auth_method_valid" CHECK ("deep_link"."suggested_auth_method" in ('GOOGLE', 'APPLE', 'PHONE_NUMBER'))
);
--> statement-breakpoint
ALTER TABLE "deep_link" ADD CONSTRAINT "deep_link_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deep_link_user_id_idx" ON "deep_link" USING btree ("user_id");