import type { ReactNode } from 'react';

const tones = {
  error: 'border-danger/30 bg-danger/5 text-danger',
  info: 'border-line bg-paper text-ink',
  success: 'border-accent/30 bg-accent-soft text-accent-strong',
} as const;

/** One line about the form as a whole: why it cannot take a card, or that the purchase is done. */
export function PaymentNotice({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-center text-sm font-medium ${tones[tone]}`}
    >
      {children}
    </p>
  );
}
