import type { PGlite } from '@electric-sql/pglite';

const CHANNEL = 'stillpoint_sessions_changed';

/**
 * Who is signed in, as the database holds it, changes with any write to `session` (sign-in,
 * sign-out, revocation, an expiry slid) or to `user` (a changed e-mail, a deleted account and the
 * sessions its deletion takes along). A statement trigger tells PGlite's one process of each such
 * write at its commit; PGlite calls the listeners before the writing query returns, so a cache
 * cleared by them never answers for a session that is gone (decision 036).
 */
const TRIGGERS = `
create or replace function stillpoint_sessions_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('${CHANNEL}', '');
  return null;
end $$;
create or replace trigger stillpoint_session_changed after insert or update or delete or truncate
  on "session" for each statement execute function stillpoint_sessions_changed();
create or replace trigger stillpoint_user_changed after insert or update or delete or truncate
  on "user" for each statement execute function stillpoint_sessions_changed();
`;

/**
 * Watches PGlite for writes that change who is signed in. Only for PGlite: its data directory is
 * locked to one process, so every write is seen here. PostgreSQL is shared by every instance, and
 * another instance's write would not be.
 */
export async function watchSessionChanges(client: PGlite): Promise<(listener: () => void) => () => void> {
  const listeners = new Set<() => void>();
  await client.exec(TRIGGERS);
  await client.listen(CHANNEL, () => {
    for (const listener of listeners) listener();
  });
  return (listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
}
