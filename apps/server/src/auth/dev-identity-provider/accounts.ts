import { createHash } from 'node:crypto';
import type { DevIdp } from '../identity-providers/stand-in-clients';

/** A made-up person the development identity provider can sign in as. */
export interface TestIdentity {
  name: string;
  email: string;
}

export interface DevAccount extends TestIdentity {
  sub: string;
}

/** Presets on the sign-in page; example.com and Apple's relay domain never reach a real inbox. */
export const presetIdentities: Record<DevIdp['name'], readonly TestIdentity[]> = {
  google: [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: 'Grace Hopper', email: 'grace@example.com' },
    { name: 'Alan Turing', email: 'alan@example.com' },
  ],
  apple: [
    { name: 'Ada Lovelace', email: 'ada@example.com' },
    { name: 'Grace Hopper', email: 'grace@example.com' },
    // Apple lets a person hide their address behind a relay address like this one.
    { name: 'Katherine Johnson', email: 'x7q2p9k4@privaterelay.appleid.com' },
  ],
};

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * A stable subject per provider and e-mail, like a real provider's account id: signing in twice
 * with one e-mail gives the same account, even after a restart, and Google and Apple differ.
 */
export function subjectFor(idp: DevIdp, email: string): string {
  return createHash('sha256')
    .update(`${idp.name}:${normalizeEmail(email)}`)
    .digest('hex')
    .slice(0, 32);
}

const MAX_ACCOUNTS = 1000;

/**
 * Who approved which subject, kept only until the client redeems its code (seconds later), so
 * findAccount can answer with the name and e-mail the person chose.
 */
export class DevAccountStore {
  readonly #accounts = new Map<string, DevAccount>();

  constructor(readonly idp: DevIdp) {}

  remember(identity: TestIdentity): DevAccount {
    const email = normalizeEmail(identity.email);
    const account: DevAccount = { sub: subjectFor(this.idp, email), email, name: identity.name.trim() };
    this.#accounts.delete(account.sub);
    this.#accounts.set(account.sub, account);
    // Oldest first in insertion order; a long-running staging server never grows without bound.
    for (const sub of this.#accounts.keys()) {
      if (this.#accounts.size <= MAX_ACCOUNTS) break;
      this.#accounts.delete(sub);
    }
    return account;
  }

  find(sub: string): DevAccount | undefined {
    return this.#accounts.get(sub);
  }
}
