import { type AdminPayment, formatPrice } from '@stillpoint/core';
import { Button } from '../../ui/button';
import { formatDateTime } from './admin-format';
import { ConsoleSection, EmptyNote } from './console-section';
import { remainingCents } from './refund-payment-form';
import { cell, headCell, TableFrame } from './table-frame';

interface PersonPaymentsProps {
  payments: AdminPayment[];
  onRefund(payment: AdminPayment): void;
}

/** What the person paid, what was refunded, and a refund of what is left. */
export function PersonPayments({ payments, onRefund }: PersonPaymentsProps) {
  return (
    <ConsoleSection heading="Payments">
      {payments.length === 0 ? (
        <EmptyNote>No payments.</EmptyNote>
      ) : (
        <TableFrame label="Payments">
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Date
              </th>
              <th scope="col" className={headCell}>
                Amount
              </th>
              <th scope="col" className={headCell}>
                Refunded
              </th>
              <th scope="col" className={headCell}>
                What for
              </th>
              <th scope="col" className={headCell}>
                Payment id
              </th>
              <th scope="col" className={headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => {
              const refundedAll = remainingCents(payment) === 0;
              return (
                <tr key={payment.id}>
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(payment.paidAt)}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {formatPrice(payment.amountCents, payment.currency)}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {payment.refundedCents === 0
                      ? 'No'
                      : refundedAll
                        ? `All, ${formatPrice(payment.refundedCents, payment.currency)}`
                        : formatPrice(payment.refundedCents, payment.currency)}
                  </td>
                  <td className={cell}>{payment.description ?? 'None'}</td>
                  <td className={`${cell} font-mono text-xs whitespace-nowrap`}>{payment.id}</td>
                  <td className={`${cell} py-1.5 text-right`}>
                    {refundedAll ? null : (
                      <Button
                        variant="secondary"
                        className="min-h-9 px-3"
                        onClick={() => onRefund(payment)}
                        aria-label={`Refund the payment of ${formatDateTime(payment.paidAt)}`}
                      >
                        Refund
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </TableFrame>
      )}
    </ConsoleSection>
  );
}
