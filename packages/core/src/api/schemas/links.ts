import { z } from 'zod/mini';
import { SIGN_IN_METHODS } from '../../constants/platforms';
import { defineEndpoint } from '../endpoint';

/** Where Stillpoint lives outside this site: the stores (ids from the server's configuration) and the brand's pages. */
export const appLinksSchema = z.object({
  appStoreUrl: z.string(),
  playStoreUrl: z.string(),
  /** The extension's Chrome Web Store page (the server's EXTENSION_STORE_URL). */
  chromeWebStoreUrl: z.string(),
  /** Its Edge Add-ons page, for Edge users; null while it is not listed there. */
  edgeAddOnsUrl: z.nullable(z.string()),
  website: z.string(),
  blogUrl: z.string(),
  privacyPolicyUrl: z.string(),
  supportEmail: z.string(),
});
export type AppLinks = z.infer<typeof appLinksSchema>;

const fallbackUrlSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.maxLength(2000, `${field} is too long`),
      z.regex(/^https?:\/\/[^\s\p{Cc}]+$/iu, `${field} must be a web address (http or https)`),
    );

export const signInMethodSchema = z.enum(SIGN_IN_METHODS, {
  error: `suggestedAuthMethod must be one of ${SIGN_IN_METHODS.join(', ')}`,
});

/**
 * A short link that sends each visitor to the right place for their platform (SPEC §7 deep-link
 * service). The fallbacks must be this site, the brand's website or a store page: the server
 * refuses any other host, so a link can never become an open redirect.
 */
export const createDeepLinkBodySchema = z.strictObject({
  desktopUrl: fallbackUrlSchema('desktopUrl'),
  iosUrl: fallbackUrlSchema('iosUrl'),
  /** Omitted: the server suggests the method the person signed in with. */
  suggestedAuthMethod: z.optional(signInMethodSchema),
});

export const deepLinkCodeSchema = z
  .string({ error: 'code must be text' })
  .check(z.regex(/^[A-Za-z0-9]{6,32}$/, 'code must be a link code (letters and digits)'));

export const deepLinkSchema = z.object({
  code: z.string(),
  /** The short link itself: /l/{code} on this site. */
  url: z.string(),
  desktopUrl: z.string(),
  iosUrl: z.string(),
  suggestedAuthMethod: signInMethodSchema,
});
export type DeepLink = z.infer<typeof deepLinkSchema>;

export const linksEndpoints = {
  getAppLinks: defineEndpoint({
    method: 'GET',
    path: '/getAppLinks',
    summary: 'The App Store and Play Store pages, the website, blog, privacy policy and support address.',
    auth: 'public',
    response: appLinksSchema,
  }),
  createDeepLink: defineEndpoint({
    method: 'POST',
    path: '/createDeepLink',
    summary:
      'A short link (/l/{code}) that opens the App Store on iOS, the Play Store on Android and desktopUrl elsewhere, and keeps the suggested sign-in method for the app.',
    auth: 'user',
    body: createDeepLinkBodySchema,
    response: deepLinkSchema,
  }),
  getDeepLink: defineEndpoint({
    method: 'GET',
    path: '/getDeepLink',
    summary:
      'What a short link holds, for the mobile app that was opened through it: its fallbacks and suggested sign-in method.',
    auth: 'public',
    query: z.object({ code: deepLinkCodeSchema }),
    response: deepLinkSchema,
  }),
};
