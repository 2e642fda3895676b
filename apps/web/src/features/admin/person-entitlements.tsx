import type { AdminEntitlement, AdminPerson } from '@stillpoint/core';
import { Button } from '../../ui/button';
import { formatDateTime } from './admin-format';
import { ConsoleSection, EmptyNote } from './console-section';
import { SourceBadge } from './source-badge';
import { cell, headCell, TableFrame } from './table-frame';

interface PersonEntitlementsProps {
  person: AdminPerson;
  onRevoke(entitlement: AdminEntitlement): void;
}

/** Every entitlement with where it came from, and the person's subscriptions. */
/** Statuses in which a subscription still renews by itself (Stripe's); any other has ended. */
const RUNNING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

const renewal = (subscription: AdminPerson['subscriptions'][number]) => {
  if (!RUNNING_STATUSES.includes(subscription.status)) return 'No, it has ended';
  return subscription.cancelAtPeriodEnd ? 'No, cancels at period end' : 'Yes';
};

export function PersonEntitlements({ person, onRevoke }: PersonEntitlementsProps) {
  return (
    <>
      <ConsoleSection heading="Entitlements">
        {person.entitlements.length === 0 ? (
          <EmptyNote>No entitlements: they have never had premium.</EmptyNote>
        ) : (
          <TableFrame label="Entitlements">
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  Source
                </th>
                <th scope="col" className={headCell}>
                  Product
                </th>
                <th scope="col" className={headCell}>
                  Period
                </th>
                <th scope="col" className={headCell}>
                  Started
                </th>
                <th scope="col" className={headCell}>
                  Ends
                </th>
                <th scope="col" className={headCell}>
                  In force
                </th>
                <th scope="col" className={headCell}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {person.entitlements.map((entitlement) => (
                <tr key={entitlement.id}>
                  <td className={cell}>
                    <span className="flex flex-wrap gap-1">
                      <SourceBadge source={entitlement.source} />
                      {entitlement.isSandbox ? (
                        <span className="rounded-full border border-line px-2 py-0.5 text-xs text-muted">
                          Test
                        </span>
                      ) : null}
                    </span>
                  </td>
                  <td className={cell}>
                    {entitlement.productIdentifier}
                    {entitlement.sourceRef ? (
                      <span className="block font-mono text-xs text-muted whitespace-nowrap">
                        {entitlement.sourceRef}
                      </span>
                    ) : null}
                  </td>
                  <td className={cell}>{entitlement.periodType}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(entitlement.purchasedAt)}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {entitlement.expiresAt ? formatDateTime(entitlement.expiresAt) : 'Never'}
                  </td>
                  <td className={cell}>{entitlement.inForce ? 'Yes' : 'No'}</td>
                  <td className={`${cell} py-1.5 text-right`}>
                    {entitlement.source === 'support' && entitlement.inForce ? (
                      <Button
                        variant="dangerGhost"
                        className="min-h-9 px-3"
                        onClick={() => onRevoke(entitlement)}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </ConsoleSection>
      <ConsoleSection heading="Subscriptions">
        {person.subscriptions.length === 0 ? (
          <EmptyNote>No subscriptions.</EmptyNote>
        ) : (
          <TableFrame label="Subscriptions">
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  Product
                </th>
                <th scope="col" className={headCell}>
                  Status
                </th>
                <th scope="col" className={headCell}>
                  Period ends
                </th>
                <th scope="col" className={headCell}>
                  Renews
                </th>
                <th scope="col" className={headCell}>
                  Id
                </th>
              </tr>
            </thead>
            <tbody>
              {person.subscriptions.map((subscription) => (
                <tr key={subscription.id}>
                  <td className={cell}>{subscription.productIdentifier ?? 'Unknown'}</td>
                  <td className={cell}>{subscription.status}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {subscription.currentPeriodEnd ? formatDateTime(subscription.currentPeriodEnd) : 'None'}
                  </td>
                  <td className={cell}>{renewal(subscription)}</td>
                  <td className={`${cell} font-mono text-xs whitespace-nowrap`}>{subscription.id}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </ConsoleSection>
    </>
  );
}
