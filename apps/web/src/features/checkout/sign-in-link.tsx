import { SIGN_IN_PATH } from '@stillpoint/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { returnPath } from '../../lib/auth/return-path';
import { type ButtonVariant, buttonStyles } from '../../ui/button-styles';

interface SignInLinkProps {
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}

/**
 * To /signin and back to this page afterwards: the page is remembered as the guards remember a
 * protected one, and its query goes along, as sign-in reads some of it (trialEmail).
 */
export function SignInLink({ variant = 'primary', className, children }: SignInLinkProps) {
  const { pathname, search } = useLocation();
  return (
    <Link
      to={{ pathname: SIGN_IN_PATH, search }}
      onClick={() => returnPath.remember(pathname, search)}
      className={buttonStyles(variant, className)}
    >
      {children}
    </Link>
  );
}
