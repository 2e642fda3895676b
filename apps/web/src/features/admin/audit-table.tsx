import type { AdminAuditEvent } from '@stillpoint/core';
import { Link } from 'react-router';
import { formatDateTime } from './admin-format';
import { personPath } from './admin-paths';
import { amountInput } from './refund-amount';
import { cell, headCell, TableFrame } from './table-frame';

const actionLabels: Record<string, string> = {
  grantPremium: 'Granted premium',
  revokeGrant: 'Revoked a grant',
  refundPayment: 'Refunded a payment',
  resendGiftEmail: 'Resent a gift e-mail',
  deleteAccount: 'Deleted the account',
};

/** One figure of an action as people read it: times in the viewer's locale, cents as an amount. */
function detailText(key: string, value: unknown): string {
  if (key === 'amountCents' && typeof value === 'number') return `amount: ${amountInput(value)}`;
  if (typeof value === 'string')
    return `${key}: ${/^\d{4}-\d{2}-\d{2}T/.test(value) ? formatDateTime(value) : value}`;
  return `${key}: ${JSON.stringify(value)}`;
}

/** What an action was done to and its own figures ('pi_123 · amount: 12.50'). */
const detailsOf = (event: AdminAuditEvent): string =>
  [event.targetRef, ...Object.entries(event.details).map(([key, value]) => detailText(key, value))]
    .filter(Boolean)
    .join(' · ');

interface AuditTableProps {
  label: string;
  events: AdminAuditEvent[];
  /** Whether to name the person acted on (the whole log does; one person's page need not). */
  showTarget?: boolean;
}

/** Admin actions: when, who, what, on what, and why. */
export function AuditTable({ label, events, showTarget = false }: AuditTableProps) {
  return (
    <TableFrame label={label}>
      <thead>
        <tr>
          <th scope="col" className={headCell}>
            When
          </th>
          <th scope="col" className={headCell}>
            Action
          </th>
          {showTarget ? (
            <th scope="col" className={headCell}>
              Person
            </th>
          ) : null}
          <th scope="col" className={headCell}>
            Reason
          </th>
          <th scope="col" className={headCell}>
            Details
          </th>
          <th scope="col" className={headCell}>
            By
          </th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(event.at)}</td>
            <td className={`${cell} whitespace-nowrap`}>{actionLabels[event.action] ?? event.action}</td>
            {showTarget ? (
              <td className={`${cell} whitespace-nowrap`}>
                {event.targetUid ? (
                  <Link to={personPath(event.targetUid)} className="font-mono text-xs text-accent underline">
                    {event.targetUid}
                  </Link>
                ) : (
                  <span className="text-muted">Deleted or none</span>
                )}
              </td>
            ) : null}
            <td className={`${cell} min-w-48`}>{event.reason}</td>
            <td className={`${cell} min-w-48 text-xs break-words text-muted`}>{detailsOf(event) || '–'}</td>
            <td className={`${cell} font-mono text-xs whitespace-nowrap`}>{event.actorUid}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
