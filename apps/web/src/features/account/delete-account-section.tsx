import { useId } from 'react';
import { Button } from '../../ui/button';

interface DeleteAccountSectionProps {
  onDelete(): void;
}

/** The danger zone: what deleting does, before anyone starts it. */
export function DeleteAccountSection({ onDelete }: DeleteAccountSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-danger/30 bg-danger/5 p-5 sm:p-7"
    >
      <h2 id={headingId} className="text-xl font-semibold text-danger">
        Delete my account
      </h2>
      <div className="flex max-w-prose flex-col gap-2 text-ink">
        <p>Deleting your account cannot be undone. When you delete it:</p>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          <li>
            Your account and all its data (sites, pauses, settings and answers) are deleted for good. Download
            your data first if you want a copy.
          </li>
          <li>A subscription bought on this website is cancelled at once, without a refund.</li>
          <li>
            A subscription from the App Store or Google Play can only be cancelled in the store: cancel it
            there, or it keeps renewing.
          </li>
          <li>
            Stripe keeps the records of your payments that the law requires. We keep only which terms you
            agreed to, with nothing that links them to you.
          </li>
          <li>Gift codes you bought for others still work.</li>
          <li>The Stillpoint extension signs out by itself.</li>
        </ul>
        <p>To make sure it is you, we may ask you to sign in again first.</p>
      </div>
      <div>
        <Button variant="danger" onClick={onDelete}>
          Delete my account
        </Button>
      </div>
    </section>
  );
}
