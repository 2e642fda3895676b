import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

/** GET getAccount: who is signed in, how, and until when the sign-in counts as fresh. */
export const accountQuery = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: ({ signal }) => callApi('getAccount', undefined, { signal }),
  });

/**
 * Whether deleting needs no new sign-in. The server decides again when the deletion is sent (a
 * 403 asks for a sign-in), so a browser clock that is off can only cost a step, never skip one.
 */
export const isFreshSignIn = (freshSignInUntil: string | null, now = Date.now()): boolean =>
  freshSignInUntil !== null && Date.parse(freshSignInUntil) > now;
