-- Recomputes every site's key as core's siteMatchKey now gives it (docs/sites.md): the host, without
-- a leading www. only while the rest is still a site name (www.com stays www.com), then :port when
-- the stored origin has one other than 80 or 443 (localhost:8080 and localhost:9090 are two sites).
-- Stored origins are always scheme://host[:port] with a lower-case ASCII host (0001's normaliser).
DROP INDEX "browser_site_user_match_key_live_uidx";--> statement-breakpoint
UPDATE "browser_site" SET "site_match_key" =
  (CASE WHEN "parts"."host" ~ '^www\.(.*\.|localhost$)' THEN substr("parts"."host", 5) ELSE "parts"."host" END)
  || (CASE
    WHEN "parts"."port" = '' THEN ''
    WHEN "parts"."port"::integer IN (80, 443) THEN ''
    ELSE ':' || "parts"."port"::integer::text
  END)
FROM (
  SELECT "id",
    split_part(split_part("site_origin", '://', 2), ':', 1) AS "host",
    split_part(split_part("site_origin", '://', 2), ':', 2) AS "port"
  FROM "browser_site"
) AS "parts"
WHERE "parts"."id" = "browser_site"."id";--> statement-breakpoint
-- Two live sites the old key told apart but that are one site now (www.com and www.www.com): the
-- later one is archived, keeping its sessions, so one person still has each site once.
UPDATE "browser_site" AS "later" SET "archived_at" = now(), "updated_at" = now()
WHERE "later"."archived_at" IS NULL AND EXISTS (
  SELECT 1 FROM "browser_site" AS "earlier"
  WHERE "earlier"."user_id" = "later"."user_id"
    AND "earlier"."site_match_key" = "later"."site_match_key"
    AND "earlier"."archived_at" IS NULL
    AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "browser_site_user_match_key_live_uidx" ON "browser_site" USING btree ("user_id","site_match_key") WHERE "browser_site"."archived_at" is null;
