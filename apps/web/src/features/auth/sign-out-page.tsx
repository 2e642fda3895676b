import { SIGN_IN_PATH } from '@stillpoint/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { documentTitle } from '../../lib/document-title';
import { FullScreenSpinner } from '../../ui/full-screen-spinner';
import { dismissToasts } from '../../ui/toast';

/** SPEC §2 /signout: resets state (cache, token), signs out (the server revokes), goes to /signin. */
export function SignOutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  // Once per visit, even when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Notices still on screen (the expired-subscription one stays until clicked) were the person's too.
    dismissToasts();
    void signOut().finally(() => navigate(SIGN_IN_PATH, { replace: true }));
  }, [signOut, navigate]);

  return <FullScreenSpinner label="Signing out" title={documentTitle('Signing out')} />;
}
