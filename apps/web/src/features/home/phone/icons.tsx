import { Flame, Plus, Smartphone } from 'lucide-react';

// The phone card's icons at their usual sizes, so the card's markup stays about layout.

/** Day streak's fire (SPEC §2 Phone card), filled so it reads as a flame at 20 px. */
export function FireIcon({ className = 'size-5' }: { className?: string }) {
  return <Flame aria-hidden="true" className={className} fill="currentColor" strokeWidth={1.5} />;
}

export function PhoneIcon({ className = 'size-6' }: { className?: string }) {
  return <Smartphone aria-hidden="true" className={className} strokeWidth={1.75} />;
}

export function PlusIcon({ className = 'size-3.5' }: { className?: string }) {
  return <Plus aria-hidden="true" className={className} strokeWidth={2.5} />;
}
