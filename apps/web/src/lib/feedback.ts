import { useMutation } from '@tanstack/react-query';
import { showErrorToast } from '../ui/toast';
import { callApi } from './api';
import { usePress } from './use-press';

/** Where feedback came from, as the team reads it: 'web app feedback - home' (SPEC §7). */
export const feedbackLocation = (context: string): string => `web app feedback - ${context}`;

interface SendFeedbackOptions {
  /** Called once the team has the message; each place thanks the person in its own way. */
  onSent?: (content: string) => void;
}

/**
 * Sends a message to the team (SPEC §7 sendFeedback), labelled with the place it came from. A
 * failure shows the default error toast and leaves the caller's text and buttons as they were,
 * so the person can simply try again. One press sends one message, however often it is clicked.
 */
export function useSendFeedback(context: string, { onSent }: SendFeedbackOptions = {}) {
  const press = usePress();
  const mutation = useMutation({
    mutationFn: (content: string) =>
      callApi(
        'sendFeedback',
        { content, location: feedbackLocation(context) },
        { idempotencyKey: press.key() },
      ),
    onSuccess: (_result, content) => onSent?.(content),
    onError: () => showErrorToast(),
    onSettled: press.end,
  });
  return {
    ...mutation,
    mutate: (content: string) => {
      if (press.start()) mutation.mutate(content);
    },
  };
}
