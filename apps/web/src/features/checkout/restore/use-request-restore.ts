import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { usePress } from '../../../lib/use-press';
import { showErrorToast } from '../../../ui/toast';

/** Where the team reads that the request came from. */
export const RESTORE_LOCATION = 'checkout';

export interface RestoreRequest {
  content: string;
  trialEmail: string;
}

/**
 * Sends a restore request to the team (requestPurchaseRestore). A failure gets the generic toast
 * (SPEC §8) and leaves the form as it was, for another try. One press sends one request.
 */
export function useRequestRestore({ onSent }: { onSent(request: RestoreRequest): void }) {
  const press = usePress();
  const mutation = useMutation({
    mutationFn: (request: RestoreRequest) =>
      callApi(
        'requestPurchaseRestore',
        { ...request, location: RESTORE_LOCATION },
        { idempotencyKey: press.key() },
      ),
    onSuccess: (_result, request) => onSent(request),
    onError: () => showErrorToast(),
    onSettled: press.end,
  });
  return {
    ...mutation,
    mutate: (request: RestoreRequest) => {
      if (press.start()) mutation.mutate(request);
    },
  };
}
