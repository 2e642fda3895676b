import { type ReactNode, useId } from 'react';
import { StoreQrCode } from './store-qr-code';
import type { Store } from './stores';

interface GetTheAppCardProps {
  heading: string;
  description: string;
  /** The badges, and anything said under them. */
  children: ReactNode;
  /** The store the QR code opens. */
  qrStore: Store;
}

/** The card that sends a visitor to the mobile app: badges everywhere, a QR code beside them from medium width. */
export function GetTheAppCard({ heading, description, children, qrStore }: GetTheAppCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 flex flex-col gap-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7 md:mt-10 md:flex-row md:items-center md:justify-between md:gap-10"
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink">
            {heading}
          </h2>
          <p className="text-muted">{description}</p>
        </div>
        {children}
      </div>
      {/* On a phone the badges are the way; a code to scan is for a computer's screen. */}
      <div className="hidden shrink-0 md:block">
        <StoreQrCode store={qrStore} />
      </div>
    </section>
  );
}
