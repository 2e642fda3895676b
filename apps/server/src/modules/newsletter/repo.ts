import type { Database } from '../../db/client';
import { newsletterSignup } from '../../db/schema';

/**
 * Stores an address (already lower-cased) once: true when this call added it, false when it was
 * there already. ON CONFLICT DO NOTHING makes concurrent sign-ups of one address one row, no error.
 */
export async function insertSignup(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSignup)
    .values({ email })
    .onConflictDoNothing()
    .returning({ email: newsletterSignup.email });
  return rows.length > 0;
}
