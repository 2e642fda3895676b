import type { ReactNode } from 'react';

/** Google or Apple: the providers an account can sign in with besides a phone number. */
export type Provider = 'google' | 'apple';

/** The bot check the server may ask for before it texts a code (SPEC §5). */
export interface BotCheck {
  required: boolean;
  /** The token for the next send; null until the check passes, and after each use. */
  token: string | null;
  widget: ReactNode;
  reset(): void;
}

/** What a phone or provider step reports: done, or a sentence for the person. */
export type StepResult = { ok: true } | { ok: false; message: string };

export type ProviderOutcome =
  | { status: 'signedIn' }
  /** The browser is leaving for the provider and comes back to the return path. */
  | { status: 'redirecting' }
  | { status: 'failed'; message: string };

/**
 * Signing in again before a deletion, the way the account signs in. The sign-in page owns these
 * steps; the app hands them to the account page (app/composedAccount.tsx), so both sign in alike
 * and store the new session's token the same way.
 */
export interface SignInAgain {
  /** A number as people write it, e.g. "+1 202 555 0305". */
  formatPhoneNumber(phoneNumber: string): string;
  botCheck: BotCheck;
  /** Texts a fresh one-time code to the number. */
  sendCode(phoneNumber: string, botCheckToken: string | null): Promise<StepResult>;
  /** Checks the code; on success a new, fresh session is signed in and its token stored. */
  verifyCode(phoneNumber: string, code: string): Promise<StepResult>;
  /** Starts the provider's sign-in, which ends back on `returnPath` when it leaves the page. */
  continueWith(provider: Provider, returnPath: string): Promise<ProviderOutcome>;
  /** A sentence for the error a provider sign-in came back with (the `error` query parameter). */
  providerErrorMessage(error: string): string;
  /** False until the sign-in settings (providers, bot check) are known. */
  ready: boolean;
}
