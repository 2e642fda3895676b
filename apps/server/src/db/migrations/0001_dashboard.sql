DROP INDEX "browser_site_user_origin_live_uidx";--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "trial_email" text;--> statement-breakpoint
-- Added nullable, filled from the origin (core's siteMatchKey: the host without a leading www.), then required.
ALTER TABLE "browser_site" ADD COLUMN "site_match_key" text;--> statement-breakpoint
UPDATE "browser_site" SET "site_match_key" = regexp_replace(split_part(split_part("site_origin", '://', 2), ':', 1), '^www\.', '');--> statement-breakpoint
ALTER TABLE "browser_site" ALTER COLUMN "site_match_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_app_user_name_uncatalogued_uidx" ON "mobile_app" USING btree ("user_id",lower("name")) WHERE "mobile_app"."supported_app_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "browser_site_user_match_key_live_uidx" ON "browser_site" USING btree ("user_id","site_match_key") WHERE "browser_site"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "browser_site_session_user_started_idx" ON "browser_site_session" USING btree ("user_id","time_started");--> statement-breakpoint
-- The catalogue of phone apps Stillpoint recognises (getSupportedApps); icons are served from /api/app-icons/.
INSERT INTO "supported_app" ("id", "name", "icon_path") VALUES
  ('instagram', 'Instagram', 'app-icons/instagram.svg'),
  ('tiktok', 'TikTok', 'app-icons/tiktok.svg'),
  ('youtube', 'YouTube', 'app-icons/youtube.svg'),
  ('twitter', 'X (Twitter)', 'app-icons/twitter.svg'),
  ('facebook', 'Facebook', 'app-icons/facebook.svg'),
  ('snapchat', 'Snapchat', 'app-icons/snapchat.svg'),
  ('reddit', 'Reddit', 'app-icons/reddit.svg'),
  ('netflix', 'Netflix', 'app-icons/netflix.svg'),
  ('whatsapp', 'WhatsApp', 'app-icons/whatsapp.svg'),
  ('linkedin', 'LinkedIn', 'app-icons/linkedin.svg'),
  ('pinterest', 'Pinterest', 'app-icons/pinterest.svg'),
  ('discord', 'Discord', 'app-icons/discord.svg'),
  ('threads', 'Threads', 'app-icons/threads.svg'),
  ('twitch', 'Twitch', 'app-icons/twitch.svg'),
  ('telegram', 'Telegram', 'app-icons/telegram.svg'),
  ('messenger', 'Messenger', 'app-icons/messenger.svg'),
  ('tumblr', 'Tumblr', 'app-icons/tumblr.svg'),
  ('bereal', 'BeReal', 'app-icons/bereal.svg')
ON CONFLICT ("id") DO NOTHING;
