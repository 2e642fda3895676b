import { messages } from '@stillpoint/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type MouseEvent, useEffect, useReducer } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { SUBSCRIPTION_PATH } from '../../lib/subscription/checkout-return';
import { useSubscription } from '../../lib/subscription/use-subscription';

/**
 * Who has been told in this page load. The app has one query client per load, so keying by it
 * makes "once per load" exact, and a test that mounts a fresh app starts with nobody told.
 */
const toldPerLoad = new WeakMap<QueryClient, Set<string>>();
/**
 * Whose notice is up in this page load. Kept outside the component, which the signed-in layout and
 * breathe's each mount: moving between them keeps it up until it is dismissed.
 */
const showingPerLoad = new WeakMap<QueryClient, string>();

/**
 * SPEC §2's expired toast: 'Your subscription has expired.' and a 'Renew premium' link to the
 * subscription page; on that page, where the plans are, it points to them instead of linking to
 * itself. It stays until clicked, once per page load. It is drawn in the page above its content,
 * not floating over it, so it never covers a plan or its button.
 */
export function ExpiredSubscriptionToast() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.uid;
  const { status, isExpired } = useSubscription();
  const navigate = useNavigate();
  const onSubscriptionPage = useLocation().pathname === SUBSCRIPTION_PATH;
  const [, redraw] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    // Signing out takes the toast away (the sign-out page); the next person's starts fresh.
    if (!userId) showingPerLoad.delete(queryClient);
    if (!userId || status !== 'initialised' || !isExpired) return;
    const told = toldPerLoad.get(queryClient) ?? new Set<string>();
    toldPerLoad.set(queryClient, told);
    if (told.has(userId)) return;
    told.add(userId);
    showingPerLoad.set(queryClient, userId);
    redraw();
  }, [userId, status, isExpired, queryClient]);

  if (!userId || !isExpired || showingPerLoad.get(queryClient) !== userId) return null;
  return (
    // The header's column, so the notice lines up with the page under it.
    <div className="mx-auto w-full max-w-5xl px-4 pt-4 sm:px-6">
      <ExpiredNotice
        onSubscriptionPage={onSubscriptionPage}
        onDismiss={() => {
          showingPerLoad.delete(queryClient);
          redraw();
        }}
        onManage={() => navigate(SUBSCRIPTION_PATH)}
      />
    </div>
  );
}

interface ExpiredNoticeProps {
  onSubscriptionPage: boolean;
  onDismiss(): void;
  onManage(): void;
}

function ExpiredNotice({ onSubscriptionPage, onDismiss, onManage }: ExpiredNoticeProps) {
  const followLink = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new-tab click is the browser's to handle; a plain click stays in this app.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onManage();
  };
  return (
    // Any click dismisses it (SPEC §2); keyboard users have the link and the Dismiss button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the Dismiss button is the keyboard path.
    <div
      onClick={onDismiss}
      role="status"
      data-testid="expired-notice"
      className="flex cursor-pointer items-start gap-3 rounded-xl border border-danger/25 bg-surface p-4 text-sm text-ink"
    >
      <p className="flex-1">
        <span className="font-semibold">{messages.subscriptionExpired}</span>{' '}
        {onSubscriptionPage ? (
          'Choose a plan below to renew premium.'
        ) : (
          <a
            href={SUBSCRIPTION_PATH}
            onClick={followLink}
            className="font-semibold text-accent underline underline-offset-2 hover:text-accent-strong"
          >
            Renew premium
          </a>
        )}
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="-m-1 grid size-8 shrink-0 place-items-center rounded-full text-muted hover:bg-accent-soft hover:text-ink"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
