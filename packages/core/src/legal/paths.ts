/** The web app's legal pages. The brand's addresses and every link to them are built from these. */
export const LEGAL_PATHS = {
  privacy: '/privacy',
  terms: '/terms',
} as const;
