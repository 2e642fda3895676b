import { type Column, type SQL, sql } from 'drizzle-orm';
import { session } from '../db/schema';

/**
 * The condition "this session id names a live session", for a statement another module runs: it
 * keeps that module's check and its write one statement (no second query, no race), while the
 * `session` table stays Better Auth's. Live covers every way a session ends (sign-out,
 * revocation, expiry), not only those that delete its row.
 */
export const isLiveSession = (sessionId: Column | SQL): SQL =>
  sql`exists (select 1 from ${session} where ${session.id} = ${sessionId} and ${session.expiresAt} > now())`;
