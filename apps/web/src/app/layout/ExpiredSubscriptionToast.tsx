import { messages } from '@stillpoint/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type MouseEvent, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { SUBSCRIPTION_PATH, useSubscription } from '../../lib/subscription';
import { dismissToasts, showCustomToast } from '../../ui/toast';

const TOAST_ID = 'subscription-expired';

/**
 * Who has been told in this page load. The app has one query client per load, so keying by it
 * makes "once per load" exact, and a test that mounts a fresh app starts with nobody told.
 */
const toldPerLoad = new WeakMap<QueryClient, Set<string>>();

/**
 * SPEC §2's expired toast: 'Your subscription has expired.', a 'Click Here' link to the
 * subscription page, then 'to manage it'. It stays until clicked, once per page load.
 */
export function ExpiredSubscriptionToast() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.uid;
  const { status, isExpired } = useSubscription();
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId || status !== 'initialised' || !isExpired) return;
    const told = toldPerLoad.get(queryClient) ?? new Set<string>();
    toldPerLoad.set(queryClient, told);
    if (told.has(userId)) return;
    told.add(userId);
    showCustomToast(
      (id) => (
        <ExpiredNotice
          onDismiss={() => dismissToasts(id)}
          // The toast renders outside the router, so the link navigates through this page's router.
          onManage={() => navigate(SUBSCRIPTION_PATH)}
        />
      ),
      { id: TOAST_ID, duration: Number.POSITIVE_INFINITY },
    );
  }, [userId, status, isExpired, queryClient, navigate]);

  return null;
}

function ExpiredNotice({ onDismiss, onManage }: { onDismiss(): void; onManage(): void }) {
  const followLink = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new-tab click is the browser's to handle; a plain click stays in this app.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onManage();
  };
  return (
    // Any click dismisses it (SPEC §2); keyboard users have the link and the Dismiss button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the Dismiss button is the keyboard path.
    // biome-ignore lint/a11y/noStaticElementInteractions: the click is a pointer shortcut only.
    <div
      onClick={onDismiss}
      className="flex w-[var(--width)] max-w-full cursor-pointer items-start gap-3 rounded-xl border border-danger/25 bg-surface p-4 text-sm text-ink shadow-lg"
    >
      <p className="flex-1">
        <span className="font-semibold">{messages.subscriptionExpired}</span>{' '}
        <a
          href={SUBSCRIPTION_PATH}
          // The visible words come first, so voice control still finds 'Click Here'.
          aria-label="Click Here to manage your subscription"
          onClick={followLink}
          className="font-semibold text-accent underline underline-offset-2 hover:text-accent-strong"
        >
          Click Here
        </a>{' '}
        to manage it.
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
