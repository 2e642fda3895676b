import { brand, type CardErrors, formatPrice, TEST_CARDS } from '@stillpoint/core';
import { cardLabel } from '../../card-label';
import type { CardPageView } from '../portal';
import { localPayPaths } from '../urls';
import { formatDay } from './format';
import { html, type SafeHtml, safeHref } from './html';
import { page } from './layout';

type Field = keyof CardErrors;

interface FieldSpec {
  field: Field;
  id: string;
  label: string;
  autocomplete: string;
  placeholder: string;
  maxlength: number;
  hint?: string;
}

// The checkout page's card fields, with the same names, so a browser fills them the same way.
const FIELDS: readonly FieldSpec[] = [
  {
    field: 'cardNumber',
    id: 'card-number',
    label: 'Card number',
    autocomplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    maxlength: 23,
  },
  {
    field: 'expiry',
    id: 'expiry',
    label: 'Expiration date',
    autocomplete: 'cc-exp',
    placeholder: 'MM / YY',
    maxlength: 7,
    hint: 'MM / YY',
  },
  {
    field: 'cvc',
    id: 'cvc',
    label: 'Security code',
    autocomplete: 'cc-csc',
    placeholder: 'CVC',
    maxlength: 4,
    hint: '3 or 4 digits',
  },
];

function input(spec: FieldSpec, errors: CardErrors, focus: Field | null, alertId: string | null): SafeHtml {
  const error = errors[spec.field];
  const hintId = spec.hint ? `${spec.id}-hint` : null;
  const errorId = error ? `${spec.id}-error` : null;
  // The alert is about the card itself, so its number is described by it.
  const describedBy = [spec.field === 'cardNumber' ? alertId : null, hintId, errorId]
    .filter(Boolean)
    .join(' ');
  return html`<div>
<label for="${spec.id}">${spec.label}</label>
${spec.hint ? html`<p class="hint-text" id="${hintId ?? ''}">${spec.hint}</p>` : ''}
<input id="${spec.id}" name="${spec.field}" type="text" inputmode="numeric" autocomplete="${spec.autocomplete}"
 placeholder="${spec.placeholder}" maxlength="${spec.maxlength}" required aria-required="true"${
   describedBy ? html` aria-describedby="${describedBy}"` : ''
 }${error ? html` aria-invalid="true"` : ''}${focus === spec.field ? html` autofocus` : ''}>
${error ? html`<p class="error" id="${errorId ?? ''}">${error}</p>` : ''}
</div>`;
}

/** What a past-due plan owes, and that the new card pays it as soon as it is saved. */
function dueNote(due: NonNullable<CardPageView['due']>): SafeHtml {
  const { invoice } = due;
  const amount = formatPrice(invoice.amount_remaining, invoice.currency);
  return html`<div class="alert" role="note">
<p><strong>Payment failed.</strong> The charge of ${amount} for your plan on ${formatDay(invoice.created)} did not go through.</p>
<p>Your new card is charged ${amount} as soon as you save it, and your plan goes on as before.</p>
</div>`;
}

function testCardHint(): SafeHtml {
  return html`<section class="test-cards" aria-labelledby="test-cards-heading">
<h2 id="test-cards-heading">Test cards</h2>
<p>This is a test billing page: no money moves. Use one of Stripe's test cards:</p>
<ul>
${TEST_CARDS.map((card) => html`<li><code>${card.number}</code> ${card.description}</li>`)}
</ul>
<p>Any future expiration date and any three digits work.</p>
</section>`;
}

/**
 * The billing portal's card page (Stripe's payment_method_update): the card on file, what a
 * past-due plan owes, and the form for a new card. Like the checkout, it works without script.
 */
export function renderUpdateCardPage(view: CardPageView, homeUrl: string): string {
  const { attempt, due, paymentMethod } = view;
  const errors = attempt?.errors ?? {};
  const alert = attempt?.alert ?? null;
  const firstError = FIELDS.find((spec) => errors[spec.field])?.field ?? null;
  const focus = firstError ?? (alert ? 'cardNumber' : null);
  const alertId = alert ? 'card-alert' : null;
  const amount = due ? formatPrice(due.invoice.amount_remaining, due.invoice.currency) : null;
  const current = paymentMethod ? cardLabel(paymentMethod.card.brand, paymentMethod.card.last4) : null;
  const back = view.session.flow
    ? html`<a href="${safeHref(view.backUrl, homeUrl)}">Cancel and return to ${brand.name}</a>`
    : html`<a href="${safeHref(view.backUrl, homeUrl)}">Back to billing</a>`;
  return page(
    'Update your card',
    html`<h1>Update your card</h1>
${view.customer.email ? html`<p class="muted">${view.customer.email}</p>` : ''}
${due ? dueNote(due) : ''}
<div class="card">
<p>Card on file: <strong>${current ?? 'none'}</strong></p>
${alert ? html`<div class="alert" role="alert" id="${alertId ?? ''}"><p>${alert}</p></div>` : ''}
<form method="post" action="${localPayPaths.portalCard(view.session.id)}" novalidate>
${input(FIELDS[0] as FieldSpec, errors, focus, alertId)}
<div class="row">
${input(FIELDS[1] as FieldSpec, errors, focus, alertId)}
${input(FIELDS[2] as FieldSpec, errors, focus, alertId)}
</div>
<button type="submit" class="primary">${amount ? `Save card and pay ${amount}` : 'Save card'}</button>
</form>
<p class="cancel">${back}</p>
</div>
${testCardHint()}`,
    { narrow: true },
  );
}
