-- PGlite databases opened before decision 048 carry a statement trigger on "session" and "user" that
-- told the server's session memory of every write; nothing listens any more. No-op elsewhere.
DROP TRIGGER IF EXISTS "stillpoint_session_changed" ON "session";--> statement-breakpoint
DROP TRIGGER IF EXISTS "stillpoint_user_changed" ON "user";--> statement-breakpoint
DROP FUNCTION IF EXISTS stillpoint_sessions_changed();
