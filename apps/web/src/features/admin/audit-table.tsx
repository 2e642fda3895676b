import type { AdminAuditEvent } from '@stillpoint/core';
import { Link } from 'react-router';
import { formatDateTime } from './admin-format';
import { personPath } from './admin-paths';
import { cell, headCell, TableFrame } from './table-frame';

const actionLabels: Record<string, string> = {
  grantPremium: 'Granted premium',
  revokeGrant: 'Revoked a grant',
  refundPayment: 'Refunded a payment',
  resendGiftEmail: 'Resent a gift e-mail',
  deleteAccount: 'Deleted the account',
};

/** An action's own figures ('until: …, amountCents: 500'), as plain text. */
const detailText = (details: AdminAuditEvent['details']): string =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

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
            <td className={cell}>{actionLabels[event.action] ?? event.action}</td>
            {showTarget ? (
              <td className={`${cell} break-all`}>
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
            <td className={`${cell} min-w-40 text-xs break-all text-muted`}>
              {[event.targetRef, detailText(event.details)].filter(Boolean).join(' · ') || '–'}
            </td>
            <td className={`${cell} font-mono text-xs break-all`}>{event.actorUid}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
