import { verifiedContactOf } from '../../auth/known-users';
import type { AdminConfig } from '../../config';
import type { Database } from '../../db/client';
import type { AdminCheck } from '../../http/authenticate';

/**
 * Who is an admin (docs/support.md): the server's configuration alone decides. A listed user id is
 * enough; otherwise the person's phone number or e-mail must be listed and verified, read from the
 * account itself on every call, so a listed address someone typed but never proved grants nothing.
 */
export function adminCheck(admin: AdminConfig, db: Database): AdminCheck {
  const bySignIn = admin.phoneNumbers.size > 0 || admin.emails.size > 0;
  return async (user) => {
    if (admin.userIds.has(user.id)) return true;
    if (!bySignIn) return false;
    const contact = await verifiedContactOf(db, user.id);
    if (!contact) return false;
    return (
      (contact.phoneNumber !== null && admin.phoneNumbers.has(contact.phoneNumber)) ||
      (contact.email !== null && admin.emails.has(contact.email.toLowerCase()))
    );
  };
}
