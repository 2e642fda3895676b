import { FUNNEL_PLACE_KEY } from '../../features/funnel/funnelStorage';
import { QUIZ_STORAGE_KEY } from '../../features/quiz/quizStorage';
import { SESSION_TOKEN_KEY } from '../../lib/sessionToken';

/** A key in the browser's storage, as `local:key` or `session:key`. */
export type StoredKey = `local:${string}` | `session:${string}`;

/**
 * Public pages whose first screen, as a new visitor sees it, is drawn at build time and sent in
 * the HTML (decision 022): it shows at once, and the app draws the same screen over it when its
 * code has run. A visitor who has any of `unlessStored` may see another first screen (a kept place,
 * quiz answers, a sign-in), so for them the page drops the drawing before it is shown.
 */
export const PRERENDERED_PAGES: Record<string, { unlessStored: StoredKey[] }> = {
  '/getting-started': { unlessStored: [`local:${SESSION_TOKEN_KEY}`, `session:${FUNNEL_PLACE_KEY}`] },
  '/quiz': { unlessStored: [`local:${QUIZ_STORAGE_KEY}`] },
  '/quiz-results': { unlessStored: [`local:${QUIZ_STORAGE_KEY}`] },
};
