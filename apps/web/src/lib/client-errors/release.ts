/**
 * The build the page runs, named by the build (VITE_RELEASE: given, or the version and commit;
 * apps/web/vite.config.ts). Unbuilt code (the dev server's, the tests') says so.
 */
export const release: string = import.meta.env.VITE_RELEASE || 'development';
