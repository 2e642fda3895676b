/** The support console's pages (core's web-pages.ts lists each; none is shown to crawlers). */
export const ADMIN_PATHS = {
  findPeople: '/admin',
  person: '/admin/person',
  feedback: '/admin/feedback',
  auditLog: '/admin/audit',
  clientErrors: '/admin/errors',
} as const;

/** A person's page: the uid goes in the query, as every page of the app with a parameter does. */
export const personPath = (uid: string): string => `${ADMIN_PATHS.person}?uid=${encodeURIComponent(uid)}`;
