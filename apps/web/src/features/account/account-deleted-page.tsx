import { webPageTitle } from '@stillpoint/core';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { clearBrowserSitesCache } from '../../lib/extension/actions';
import { buttonStyles } from '../../ui/button-styles';
import { Page } from '../../ui/page';
import { dismissToasts } from '../../ui/toast';
import { readDeletedAccount, subscriptionOutcome } from './deleted-account';

/**
 * After a deletion: forgets the session here as sign-out does (the server has revoked it already),
 * asks the extension to sync now, which signs it out, and says what happened. Reached only from
 * the account page, which hands over the server's answer; any other visit goes home.
 */
export function AccountDeletedPage() {
  const { state } = useLocation();
  const deleted = readDeletedAccount(state);
  const { signOut } = useAuth();
  // Once per visit, even when React runs effects twice in development.
  const forgotten = useRef(false);

  useEffect(() => {
    if (!deleted || forgotten.current) return;
    forgotten.current = true;
    dismissToasts();
    void signOut();
    void clearBrowserSitesCache();
  }, [deleted, signOut]);

  if (!deleted) return <Navigate to="/" replace />;
  const subscription = subscriptionOutcome(deleted);
  return (
    <Page title={webPageTitle('/account/deleted')} heading="Your account is deleted">
      <div className="mt-6 flex max-w-prose flex-col gap-4 text-lg text-ink">
        <p>We deleted your account and everything in it. You are signed out.</p>
        {subscription ? <p className="font-medium">{subscription}</p> : null}
        <p className="text-base text-muted">
          The Stillpoint extension signs out by itself. You can remove it from Chrome whenever you like.
        </p>
        <div className="mt-2">
          <Link to="/" className={buttonStyles('secondary')}>
            Back to Stillpoint
          </Link>
        </div>
      </div>
    </Page>
  );
}
