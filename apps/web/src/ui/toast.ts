import { DEFAULT_ERROR_MESSAGE, TOAST_DURATION_MS } from '@stillpoint/core';
import { toast } from 'sonner';

/** SPEC §8's default error toast: bottom-left, 3 seconds. An id replaces an earlier toast with it. */
export function showErrorToast(message: string = DEFAULT_ERROR_MESSAGE, { id }: { id?: string } = {}) {
  return toast.error(message, { id, position: 'bottom-left', duration: TOAST_DURATION_MS });
}
