CREATE TABLE "ad_event" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"properties" jsonb NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"pixel_code" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_event" ADD CONSTRAINT "ad_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_event_user_id_idx" ON "ad_event" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ad_event_unforwarded_idx" ON "ad_event" USING btree ("created_at") WHERE "ad_event"."forwarded_at" is null;