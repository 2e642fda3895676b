import { ExternalLink } from 'lucide-react';
import { useAuth } from '../../../lib/auth/auth-context';
import { brand } from '../../../lib/brand';
import { type Subscription, useSubscription } from '../../../lib/subscription/use-subscription';
import { Button } from '../../../ui/button';
import { NumberedItem } from '../../../ui/numbered-item';
import { StepActions } from './step-actions';
import { useManageFromRestore } from './use-manage-from-restore';

interface OnIosStepProps {
  onStillMissing(): void;
  onBack(): void;
}

/**
 * ON_IOS: an App Store purchase is restored in the iPhone app, and premium follows the account.
 * A signed-in person with a subscription may also open where it is managed.
 */
export function OnIosStep({ onStillMissing, onBack }: OnIosStepProps) {
  const signedIn = useAuth().status === 'signedIn';
  const subscription = useSubscription();
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex flex-col gap-3">
        <NumberedItem number={1}>Open the {brand.name} app on your iPhone or iPad.</NumberedItem>
        <NumberedItem number={2}>Sign in with the same account you use here.</NumberedItem>
        <NumberedItem number={3}>
          Go to <span className="font-semibold">Settings → Restore Purchases</span>.
        </NumberedItem>
      </ol>
      <p className="text-sm text-muted">
        Premium belongs to your account, so once it is restored there it works here and in the Chrome
        extension too.
      </p>
      {signedIn && subscription.state ? <ManageButton fetchLatest={subscription.fetchLatest} /> : null}
      <StepActions onBack={onBack}>
        <Button variant="secondary" onClick={onStillMissing}>
          Still missing? Tell us
        </Button>
      </StepActions>
    </div>
  );
}

function ManageButton({ fetchLatest }: Pick<Subscription, 'fetchLatest'>) {
  const manage = useManageFromRestore({ fetchLatest });
  // Still busy after success: the browser is on its way to the management page.
  const busy = manage.isPending || manage.isSuccess;
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => manage.mutate()}
      className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-md text-sm font-semibold text-accent underline-offset-4 hover:underline disabled:opacity-60"
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      Manage your subscription
      <ExternalLink aria-hidden="true" className="size-4" />
    </button>
  );
}
