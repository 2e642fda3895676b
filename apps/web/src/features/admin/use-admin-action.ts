import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { usePress } from '../../lib/use-press';
import { errorText } from './admin-api';

/** Every action in flight carries this key, so a page can tell that one is on its way. */
export const ADMIN_ACTION_KEY = ['admin', 'action'] as const;

interface AdminActionOptions<Input, Result> {
  /** Sends the action; `idempotencyKey` is this press's key, for the calls that take one. */
  send(input: Input, idempotencyKey: string | undefined): Promise<Result>;
  /** The person acted on, whose page is read again before `onDone`; null when they are gone. */
  refreshPerson: string | null;
  onDone(result: Result): void;
}

/**
 * One admin action: one press sends it once (lib/use-press.ts), the person's page and the audit
 * log are read again before it counts as done, so what the page shows next is the server's new
 * state, and a failure keeps the server's message for the dialog to show.
 */
export function useAdminAction<Input, Result>({
  send,
  refreshPerson,
  onDone,
}: AdminActionOptions<Input, Result>) {
  const press = usePress();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: ADMIN_ACTION_KEY,
    mutationFn: (input: Input) => send(input, press.key()),
    onSuccess: async (result) => {
      await Promise.all([
        refreshPerson === null
          ? null
          : queryClient.invalidateQueries({ queryKey: queryKeys.admin.person(refreshPerson) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.auditEvents() }),
        // A search may have found what changed (a deleted account, a refunded payment).
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.people() }),
      ]);
      onDone(result);
    },
    onSettled: press.end,
  });
  return {
    run(input: Input) {
      if (press.start()) mutation.mutate(input);
    },
    pending: mutation.isPending,
    error: mutation.isError ? errorText(mutation.error) : null,
  };
}
