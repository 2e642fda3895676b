import { type CardField, type CardInput, readCard, TEST_CARDS } from '@stillpoint/core';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { TextField } from '../../../ui/text-field';
import type { PaymentFieldsProps } from '../payment-fields';
import { formatCardNumber, formatCvc, formatExpiry } from './card-input-format';
import { confirmWithLocalProvider } from './local-confirm';

const EMPTY_CARD: CardInput = { cardNumber: '', expiry: '', cvc: '' };

/**
 * The local provider's card fields: the same labels, checks and messages as Stripe's card form,
 * and Stripe's test cards. The local provider offers no express checkout, which it says at once.
 */
export function LocalPaymentFields({
  cardVisible,
  controller,
  onReady,
  onCompleteChange,
  onExpressAvailability,
}: PaymentFieldsProps) {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const check = readCard(card);
  const errors = check.ok ? {} : check.errors;

  useEffect(() => {
    onReady();
    onExpressAvailability(false);
  }, [onReady, onExpressAvailability]);

  useEffect(() => onCompleteChange(check.ok), [check.ok, onCompleteChange]);

  // Revealed by a button that then goes away: focus goes on to the card, not to the page.
  const cardNumber = useRef<HTMLInputElement>(null);
  const wasVisible = useRef(cardVisible);
  useEffect(() => {
    if (cardVisible && !wasVisible.current) cardNumber.current?.focus();
    wasVisible.current = cardVisible;
  }, [cardVisible]);

  useImperativeHandle(
    controller,
    () => ({
      async validate() {
        setTouched({ cardNumber: true, expiry: true, cvc: true });
        const current = readCard(card);
        return current.ok ? null : (Object.values(current.errors)[0] ?? '');
      },
      confirm: (intent, returnUrl) => confirmWithLocalProvider(intent, card, returnUrl),
    }),
    [card],
  );

  const errorFor = (field: CardField) => (touched[field] ? (errors[field] ?? null) : null);
  const touch = (field: CardField) => () => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <fieldset hidden={!cardVisible} className="flex flex-col gap-4">
      <legend className="sr-only">Card details</legend>
      <TextField
        ref={cardNumber}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.cardNumber}
        onChange={(event) => setCard({ ...card, cardNumber: formatCardNumber(event.target.value) })}
        onBlur={touch('cardNumber')}
        error={errorFor('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiration date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value, card.expiry) })}
          onBlur={touch('expiry')}
          error={errorFor('expiry')}
        />
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={card.cvc}
          onChange={(event) => setCard({ ...card, cvc: formatCvc(event.target.value) })}
          onBlur={touch('cvc')}
          error={errorFor('cvc')}
        />
      </div>
      <p className="rounded-lg border border-dashed border-line px-3 py-2 text-xs text-muted">
        <span className="font-semibold uppercase tracking-wide">Test mode</span>: no card is charged. Use{' '}
        {TEST_CARDS.slice(0, 3).map((testCard, index) => (
          <span key={testCard.number}>
            {index > 0 ? (index === 2 ? ' or ' : ', ') : null}
            <span className="whitespace-nowrap font-mono text-ink">{testCard.number}</span> (
            {testCard.description})
          </span>
        ))}
        , with any future date and any 3 digits.
      </p>
    </fieldset>
  );
}
