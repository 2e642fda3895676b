import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { signInMethodSchema } from './links';

/** The account page's summary of who is signed in and how. */
export const accountSchema = z.object({
  uid: z.string(),
  phoneNumber: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** How the account signs in; the account page lists them and asks for one again before deletion. */
  signInMethods: z.array(signInMethodSchema),
  /** ISO time the account was created. */
  createdAt: z.string(),
  /**
   * ISO time until which this session counts as a fresh sign-in, so deleting the account is
   * allowed without signing in again; null when it is not fresh (sign in again first).
   */
  freshSignInUntil: z.nullable(z.string()),
});
export type Account = z.infer<typeof accountSchema>;

/** What happened to the person's subscription when the account was deleted. */
export const deletedSubscriptionSchema = z.object({
  /** A web subscription (Stripe or the local provider) was cancelled at once. */
  cancelled: z.boolean(),
  /** Whether any money was returned (the terms say what is refunded). */
  refunded: z.boolean(),
  /** An App Store or Google Play subscription: only the store can cancel it; the person must. */
  cancelInStore: z.nullable(z.enum(['app_store', 'play_store'])),
});

export const deleteAccountResponseSchema = z.object({
  deleted: z.literal(true),
  subscription: deletedSubscriptionSchema,
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** A person's data, table by table, as rows of plain JSON values. */
export const accountExportSchema = z.object({
  /** What the file is and what each table holds, in words (core's legal/export-readme.ts). */
  readme: z.object({
    about: z.string(),
    privacyPolicy: z.string(),
    tables: z.record(z.string(), z.string()),
  }),
  exportedAt: z.string(),
  /** The export's format; it changes only when a row's shape changes incompatibly. */
  format: z.literal(1),
  uid: z.string(),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const accountEndpoints = {
  getAccount: defineEndpoint({
    method: 'GET',
    path: '/getAccount',
    summary:
      'The signed-in account: phone or e-mail, sign-in methods, created, and whether the sign-in is fresh.',
    auth: 'user',
    response: accountSchema,
  }),
  exportAccount: defineEndpoint({
    method: 'GET',
    path: '/exportAccount',
    summary: 'Everything Stillpoint keeps about the signed-in person, as JSON: a copy of their data.',
    auth: 'user',
    response: accountExportSchema,
  }),
  deleteAccount: defineEndpoint({
    method: 'POST',
    path: '/deleteAccount',
    summary:
      'Delete the signed-in account for good. Needs a fresh sign-in (403 FORBIDDEN otherwise); afterwards every token of the account gets 401.',
    auth: 'user',
    body: z.strictObject({ confirm: z.literal('DELETE') }),
    response: deleteAccountResponseSchema,
  }),
};
