import { type AdminPerson, formatPrice } from '@stillpoint/core';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { formatDateTime } from './admin-format';
import { personPath } from './admin-paths';
import { ConsoleSection, EmptyNote } from './console-section';
import type { AdminGiftPurchase } from './person-action';
import { cell, headCell, TableFrame } from './table-frame';

/** What can be done with a gift purchase: send its e-mail again, refund it. */
export interface GiftActions {
  onResend(purchase: AdminGiftPurchase): void;
  onRefund(purchase: AdminGiftPurchase): void;
}

interface PersonGiftsProps extends GiftActions {
  person: AdminPerson;
}

/** Gifts the person bought, with each code and who redeemed it, and gifts they redeemed. */
export function PersonGifts({ person, ...actions }: PersonGiftsProps) {
  return (
    <>
      <ConsoleSection heading="Gifts bought">
        {person.giftPurchases.length === 0 ? (
          <EmptyNote>No gifts bought.</EmptyNote>
        ) : (
          <ul className="flex flex-col gap-4">
            {person.giftPurchases.map((purchase) => (
              <li key={purchase.id}>
                <GiftPurchaseCard purchase={purchase} {...actions} />
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

/** How a code stands: redeemed (by whom), voided by a refund, or unused. */
function CodeState({ code }: { code: AdminGiftPurchase['codes'][number] }) {
  if (code.redeemedByUid)
    return (
      <>
        Redeemed by{' '}
        <Link to={personPath(code.redeemedByUid)} className="font-mono text-xs text-accent underline">
          {code.redeemedByUid}
        </Link>
      </>
    );
  if (code.redeemedAt) return <>Redeemed</>;
  if (code.voidedAt) return <span className="font-semibold text-danger">Voided (refunded)</span>;
  return <>Unused</>;
}

/** What was paid for a gift and what of it was refunded. */
function paidText(payment: AdminGiftPurchase['payment']): string {
  if (!payment) return 'payment not known';
  const paid = `paid ${formatPrice(payment.amountCents, payment.currency)}`;
  if (payment.refundedCents === 0) return `${paid}, nothing refunded`;
  return `${paid}, ${formatPrice(payment.refundedCents, payment.currency)} refunded`;
}

/** One gift purchase, its payment and codes, and its actions. */
export function GiftPurchaseCard({
  purchase,
  onResend,
  onRefund,
}: GiftActions & { purchase: AdminGiftPurchase }) {
  const label = `Gift of ${formatDateTime(purchase.purchasedAt)}`;
  const payment = purchase.payment;
  const refundable = payment !== null && payment.refundedCents < payment.amountCents;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 className="font-semibold text-ink">{label}</h3>
          <p className="text-sm text-muted break-words">
            {purchase.quantity} {purchase.quantity === 1 ? 'code' : 'codes'} · {purchase.status} ·{' '}
            {paidText(payment)} · e-mail to {purchase.email ?? 'no address'}
          </p>
          <p className="font-mono text-xs text-muted break-all">
            {purchase.id}
            {purchase.paymentId ? ` · ${purchase.paymentId}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {refundable ? (
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              onClick={() => onRefund(purchase)}
              aria-label={`Refund the ${label.toLowerCase()}`}
            >
              Refund
            </Button>
          ) : null}
          <Button variant="secondary" className="min-h-9 px-3" onClick={() => onResend(purchase)}>
            Resend e-mail
          </Button>
        </div>
      </div>
      {purchase.codes.length > 0 ? (
        <TableFrame label={`Codes of the ${label.toLowerCase()}`}>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Code
              </th>
              <th scope="col" className={headCell}>
                State
              </th>
              <th scope="col" className={headCell}>
                When
              </th>
            </tr>
          </thead>
          <tbody>
            {purchase.codes.map((code) => (
              <tr key={code.code}>
                <td className={`${cell} font-mono`}>{code.code}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  <CodeState code={code} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {code.redeemedAt
                    ? formatDateTime(code.redeemedAt)
                    : code.voidedAt
                      ? formatDateTime(code.voidedAt)
                      : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      ) : null}
    </div>
  );
}
