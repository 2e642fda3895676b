import type { AdminPerson } from '@stillpoint/core';
import { formatPhoneForDisplay } from '@stillpoint/core';
import type { ReactNode } from 'react';
import { formatDateTime, signInMethodLabel } from './admin-format';
import { ConsoleSection } from './console-section';

/** Who the person is and how they sign in. */
export function PersonAccount({ account }: { account: AdminPerson['account'] }) {
  const methods = account.signInMethods.map(signInMethodLabel);
  return (
    <ConsoleSection heading="Account">
      <dl className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[max-content_1fr] sm:gap-x-8 sm:p-5">
        <Detail term="Phone number">
          {account.phoneNumber ? formatPhoneForDisplay(account.phoneNumber) : 'None'}
        </Detail>
        <Detail term="E-mail">{account.email ?? 'None'}</Detail>
        <Detail term="User id">
          <span className="font-mono text-sm">{account.uid}</span>
        </Detail>
        <Detail term="Created">{formatDateTime(account.createdAt)}</Detail>
        <Detail term="Sign-in methods">{methods.length > 0 ? methods.join(', ') : 'None'}</Detail>
      </dl>
    </ConsoleSection>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:contents">
      <dt className="text-sm font-medium text-muted sm:pt-0.5">{term}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

/** Premium now, as the server decides it from every entitlement: PRO until a time, or free. */
export function PremiumBadge({ premium }: { premium: AdminPerson['premium'] }) {
  return premium.active ? (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-bold text-white">PRO</span>
      <span className="text-ink">
        {premium.until ? `until ${formatDateTime(premium.until)}` : 'with no end date'}
      </span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-2">
      <span className="rounded-full border border-line bg-paper px-2.5 py-0.5 text-xs font-bold text-muted">
        Free
      </span>
      <span className="text-muted">No premium now</span>
    </span>
  );
}
