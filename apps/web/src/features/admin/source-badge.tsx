import type { AdminEntitlementSource } from '@stillpoint/core';

const sourceStyles: Record<AdminEntitlementSource, { label: string; className: string }> = {
  trial: { label: 'Trial', className: 'bg-sky-100 text-sky-900' },
  store: { label: 'Store', className: 'bg-violet-100 text-violet-900' },
  web: { label: 'Web', className: 'bg-accent-soft text-accent-strong' },
  gift: { label: 'Gift', className: 'bg-amber-100 text-amber-900' },
  support: { label: 'Support', className: 'bg-rose-100 text-rose-900' },
};

/** Where an entitlement came from, as a coloured label whose text says it too. */
export function SourceBadge({ source }: { source: AdminEntitlementSource }) {
  const { label, className } = sourceStyles[source];
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>
      {label}
    </span>
  );
}
