import { MailCheck } from 'lucide-react';
import { Button } from '../../../ui/button';

/** WERE_ON_IT: the request is with the team, who answer at the address given. */
export function WereOnItStep({ address, onClose }: { address: string; onClose(): void }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex gap-3 rounded-xl bg-accent-soft p-4 text-accent-strong">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          We'll e-mail you at <span className="font-semibold break-all">{address}</span>.
        </p>
      </div>
      <Button className="w-full sm:w-auto sm:self-end" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
