import type { AdminPerson } from '@stillpoint/core';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { formatDateTime } from './admin-format';
import { personPath } from './admin-paths';
import { ConsoleSection, EmptyNote } from './console-section';
import type { AdminGiftPurchase } from './person-action';
import { cell, headCell, TableFrame } from './table-frame';

interface PersonGiftsProps {
  person: AdminPerson;
  onResend(purchase: AdminGiftPurchase): void;
}

/** Gifts the person bought, with each code and who redeemed it, and gifts they redeemed. */
export function PersonGifts({ person, onResend }: PersonGiftsProps) {
  return (
    <>
      <ConsoleSection heading="Gifts bought">
        {person.giftPurchases.length === 0 ? (
          <EmptyNote>No gifts bought.</EmptyNote>
        ) : (
          <ul className="flex flex-col gap-4">
            {person.giftPurchases.map((purchase) => (
              <li key={purchase.id}>
                <GiftPurchase purchase={purchase} onResend={() => onResend(purchase)} />
              </li>
            ))}
          </ul>
        )}
      </ConsoleSection>
      <ConsoleSection heading="Gifts redeemed">
        {person.giftRedemptions.length === 0 ? (
          <EmptyNote>No gift codes redeemed.</EmptyNote>
        ) : (
          <TableFrame label="Gifts redeemed">
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  Code
                </th>
                <th scope="col" className={headCell}>
                  Redeemed
                </th>
                <th scope="col" className={headCell}>
                  Gift purchase
                </th>
              </tr>
            </thead>
            <tbody>
              {person.giftRedemptions.map((redemption) => (
                <tr key={redemption.code}>
                  <td className={`${cell} font-mono`}>{redemption.code}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(redemption.redeemedAt)}</td>
                  <td className={`${cell} font-mono text-xs whitespace-nowrap`}>
                    {redemption.giftPurchaseId}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </ConsoleSection>
    </>
  );
}

function GiftPurchase({ purchase, onResend }: { purchase: AdminGiftPurchase; onResend(): void }) {
  const label = `Gift of ${formatDateTime(purchase.purchasedAt)}`;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <h3 className="font-semibold text-ink">{label}</h3>
          <p className="text-sm text-muted break-words">
            {purchase.quantity} {purchase.quantity === 1 ? 'code' : 'codes'} · {purchase.status} · e-mail to{' '}
            {purchase.email ?? 'no address'} · <span className="font-mono text-xs">{purchase.id}</span>
          </p>
        </div>
        <Button variant="secondary" className="min-h-9 px-3" onClick={onResend}>
          Resend e-mail
        </Button>
      </div>
      {purchase.codes.length > 0 ? (
        <TableFrame label={`Codes of the ${label.toLowerCase()}`}>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Code
              </th>
              <th scope="col" className={headCell}>
                Redeemed by
              </th>
              <th scope="col" className={headCell}>
                Redeemed
              </th>
            </tr>
          </thead>
          <tbody>
            {purchase.codes.map((code) => (
              <tr key={code.code}>
                <td className={`${cell} font-mono`}>{code.code}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  {code.redeemedByUid ? (
                    <Link
                      to={personPath(code.redeemedByUid)}
                      className="font-mono text-xs text-accent underline"
                    >
                      {code.redeemedByUid}
                    </Link>
                  ) : (
                    'Not redeemed'
                  )}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {code.redeemedAt ? formatDateTime(code.redeemedAt) : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      ) : null}
    </div>
  );
}
