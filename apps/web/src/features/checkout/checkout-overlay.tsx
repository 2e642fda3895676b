import { ONBOARDING_PATH } from '@stillpoint/core';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { buttonStyles } from '../../ui/button-styles';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { SignInLink } from './sign-in-link';
import type { CheckoutView } from './use-trial-checkout';

export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription.';

interface CheckoutOverlayProps {
  open: boolean;
  view: CheckoutView;
  onClose(): void;
}

const titles: Record<CheckoutView, string> = {
  signIn: 'Sign in to start your trial',
  leaving: 'Starting your free trial',
  alreadySubscribed: "You're all set",
};

/** The overlay 'Start free trial' opens (SPEC §2 /checkout); what it shows is useTrialCheckout's view. */
export function CheckoutOverlay({ open, view, onClose }: CheckoutOverlayProps) {
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={titles[view]}>
      {view === 'signIn' ? <SignInPrompt /> : null}
      {view === 'leaving' ? <Leaving /> : null}
      {view === 'alreadySubscribed' ? <AlreadySubscribed /> : null}
    </Modal>
  );
}

function SignInPrompt() {
  return (
    <div className="flex flex-col gap-5">
      <p className="text-ink">
        Your trial belongs to your {brand.name} account, so it works in the web app, the Chrome extension and
        on your phone. Sign in or create an account, and you'll come right back here.
      </p>
      <SignInLink className="w-full">Sign in to continue</SignInLink>
    </div>
  );
}

function Leaving() {
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <Spinner label="Opening secure checkout" className="size-9" />
      <p className="text-muted">Taking you to secure checkout…</p>
    </div>
  );
}

function AlreadySubscribed() {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <p className="font-semibold text-ink">{ALREADY_SUBSCRIBED_MESSAGE}</p>
        <p className="text-muted">There's nothing to buy. Carry on setting up {brand.name}.</p>
      </div>
      <Link to={ONBOARDING_PATH} className={buttonStyles('primary', 'w-full')}>
        Continue
      </Link>
    </div>
  );
}
