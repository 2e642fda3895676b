import { returnPathToRemember } from '@stillpoint/core';

const RETURN_PATH_KEY = 'stillpoint.returnPath';

/**
 * The page a signed-out visitor asked for, kept for this tab only (sessionStorage) so sign-in can
 * bring them back (SPEC §2 guards).
 */
export const returnPath = {
  remember(pathname: string, search: string, hash = ''): void {
    const path = returnPathToRemember(pathname, search, hash);
    if (path) sessionStorage.setItem(RETURN_PATH_KEY, path);
  },
  /** Reads and forgets it: a return path is used once. */
  take(): string | null {
    const path = sessionStorage.getItem(RETURN_PATH_KEY);
    sessionStorage.removeItem(RETURN_PATH_KEY);
    return path;
  },
};
