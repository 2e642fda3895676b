/** Brand values, in one place for the web app, the server (e-mails, OpenAPI) and the extension. */
export const brand = {
  name: 'Stillpoint',
  tagline: 'A breath before the scroll.',
  supportEmail: 'support@stillpoint.app',
  website: 'https://stillpoint.app',
  blogUrl: 'https://stillpoint.app/blog',
  privacyPolicyUrl: 'https://stillpoint.app/privacy',
  appStoreUrl: 'https://apps.apple.com/app/stillpoint/id0000000000',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=app.stillpoint',
  chromeWebStoreUrl: 'https://chromewebstore.google.com/detail/stillpoint',
} as const;
