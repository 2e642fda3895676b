import type { Auth } from '../../auth';
import { toSessionUser } from '../../auth/session';

/** How a person can be reached: their real e-mail (never a phone account's placeholder), their phone. */
export interface Contact {
  email: string | null;
  phoneNumber: string | null;
}

/** Looks a person up by id; null when there is no such account. */
export type ContactOf = (userId: string) => Promise<Contact | null>;

/** Reads the person through Better Auth, which owns the user table. */
export function contactThroughAuth(auth: Auth): ContactOf {
  return async (userId) => {
    const context = await auth.$context;
    const user = await context.internalAdapter.findUserById(userId);
    if (!user) return null;
    const { email, phoneNumber } = toSessionUser(user);
    return { email, phoneNumber };
  };
}
