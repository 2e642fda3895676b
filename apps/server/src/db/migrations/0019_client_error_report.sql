CREATE TABLE "client_error_report" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_error_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"route" text NOT NULL,
	"release" text NOT NULL,
	"user_agent" text,
	"user_id" text
);
--> statement-breakpoint
ALTER TABLE "client_error_report" ADD CONSTRAINT "client_error_report_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_error_report_at_idx" ON "client_error_report" USING btree ("at");--> statement-breakpoint
CREATE INDEX "client_error_report_user_id_idx" ON "client_error_report" USING btree ("user_id");