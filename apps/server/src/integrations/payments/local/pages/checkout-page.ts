import {
  AGREEMENT_PARTS,
  brand,
  chargeDate,
  type DisclosedPurchase,
  dueTodayText,
  type FirstCharge,
  firstChargeText,
  formatPrice,
  LEGAL_PATHS,
  type PlanPeriod,
  purchaseDisclosure,
  TEST_CARDS,
} from '@stillpoint/core';
import { priceWithCadence, productName, trialText } from '../catalogue';
import type { CheckoutErrors, CheckoutForm } from '../checkout';
import { cardIsOptional, setTrialEndOf, startsTrial, trialDaysOf, trialEndOf } from '../checkout';
import type { CheckoutSessionObject, Seconds } from '../objects';
import { localPayPaths } from '../urls';
import { html, type SafeHtml, safeHref } from './html';
import { page } from './layout';

export interface CheckoutPageInput {
  session: CheckoutSessionObject;
  /** Where "Cancel" goes when the session's cancel URL is not a web address. */
  homeUrl: string;
  values?: Partial<CheckoutForm>;
  errors?: CheckoutErrors;
  /** A decline or a failed authentication, shown above the form. */
  alert?: string | null;
  /** When the page is shown: a trial started now charges first this many days later. */
  now?: Seconds;
}

type Field = keyof CheckoutForm;

const fieldIds: Record<Field, string> = {
  email: 'email',
  cardNumber: 'card-number',
  expiry: 'expiry',
  cvc: 'cvc',
};

/** The order fields appear in, which is also the order the first error takes focus in. */
const fieldOrder: readonly Field[] = ['email', 'cardNumber', 'expiry', 'cvc'];

function summary(session: CheckoutSessionObject, now: Seconds): SafeHtml {
  const line = session.line_items.data[0];
  if (!line) return html``;
  const price = line.price;
  const trialDays = trialDaysOf(session);
  const heading = html`<h1 id="summary-heading">${productName(price)}</h1>`;
  if (session.mode === 'payment') {
    return html`${heading}
<p class="amount">${formatPrice(line.amount_total, line.currency)}</p>
<dl>
<div><dt>Price</dt><dd>${formatPrice(price.unit_amount, price.currency)} each</dd></div>
<div><dt>Quantity</dt><dd>${line.quantity}</dd></div>
<div class="total"><dt>Total due today</dt><dd>${formatPrice(line.amount_total, line.currency)}</dd></div>
</dl>`;
  }
  // Always shown, 1 included: the page states what is bought, as Stripe's does.
  const quantity = html`<div><dt>Quantity</dt><dd>${line.quantity}</dd></div>`;
  const trialEnd = trialEndOf(session, now);
  if (trialEnd !== null) {
    // Dates in UTC: this page does not know the reader's time zone.
    const charge: FirstCharge = {
      dueToday: 0,
      at: new Date(trialEnd * 1000),
      amount: line.amount_total,
      currency: line.currency,
    };
    const carriedOver = setTrialEndOf(session) !== null;
    return html`${heading}
<p class="amount trial">${
      carriedOver
        ? `Free until ${chargeDate(charge.at, { utc: true })}, then ${priceWithCadence(price)}`
        : trialText(trialDays, price)
    }</p>
<p class="due-today">${dueTodayText(charge)}</p>
<p class="muted">${firstChargeText(charge, { utc: true })}</p>
${
  carriedOver
    ? html`<p class="muted">Your free trial's remaining days carry over: nothing is charged before it would have ended.</p>`
    : ''
}
<dl>
${quantity}
<div class="total"><dt>Total due today</dt><dd>${formatPrice(0, line.currency)}</dd></div>
</dl>`;
  }
  return html`${heading}
<p class="amount">${priceWithCadence(price)}</p>
<p class="due-today">${dueTodayText({ dueToday: line.amount_total, currency: line.currency })}</p>
<dl>
${quantity}
<div class="total"><dt>Total due today</dt><dd>${formatPrice(line.amount_total, line.currency)}</dd></div>
</dl>`;
}

/** The plan period of a recurring price, in core's words; null for any other cadence. */
function periodOf(price: CheckoutSessionObject['line_items']['data'][number]['price']): PlanPeriod | null {
  const recurring = price.recurring;
  if (!recurring) return null;
  if (recurring.interval === 'month' && recurring.interval_count === 1) return 'monthly';
  if (recurring.interval === 'year' && recurring.interval_count === 1) return 'annual';
  if (recurring.interval === 'year' && recurring.interval_count === 2) return 'biennial';
  return null;
}

/** What the Pay button starts, as core's disclosure words it: the same charge the summary shows. */
function disclosedPurchase(session: CheckoutSessionObject, now: Seconds): DisclosedPurchase | null {
  const line = session.line_items.data[0];
  if (!line) return null;
  if (session.mode === 'payment') {
    return { kind: 'gift', total: { amount: line.amount_total, currency: line.currency } };
  }
  const period = periodOf(line.price);
  if (period === null) return null;
  const price = { amount: line.amount_total, currency: line.currency };
  const trialEnd = trialEndOf(session, now);
  if (trialEnd === null) {
    return {
      kind: 'subscription',
      period,
      price,
      trial: { kind: 'none' },
      firstChargeAt: new Date(now * 1000),
    };
  }
  const at = new Date(trialEnd * 1000);
  const trial =
    setTrialEndOf(session) !== null
      ? ({ kind: 'credit', endsAt: at } as const)
      : ({ kind: 'freeDays', days: trialDaysOf(session) } as const);
  return { kind: 'subscription', period, price, trial, firstChargeAt: at };
}

/**
 * Under the button (docs/payments.md, "Agreement and auto-renewal disclosure"): what it starts,
 * renews and charges, in UTC as the rest of this page, and the agreement with links to the site's
 * terms and privacy policy, in a new tab so the typed card stays.
 */
function disclosure(session: CheckoutSessionObject, now: Seconds, homeUrl: string): SafeHtml {
  const purchase = disclosedPurchase(session, now);
  const site = new URL(homeUrl).origin;
  const link = (path: string, text: string) =>
    html`<a href="${`${site}${path}`}" target="_blank" rel="noopener noreferrer">${text}</a>`;
  return html`<p class="muted purchase-terms">${purchase ? `${purchaseDisclosure(purchase, { utc: true })} ` : ''}${
    AGREEMENT_PARTS.before
  }${link(LEGAL_PATHS.terms, AGREEMENT_PARTS.terms)}${AGREEMENT_PARTS.between}${link(
    LEGAL_PATHS.privacy,
    AGREEMENT_PARTS.privacy,
  )}${AGREEMENT_PARTS.after}</p>`;
}

function submitLabel(session: CheckoutSessionObject): string {
  if (session.mode === 'payment') return `Pay ${formatPrice(session.amount_total, session.currency)}`;
  // A carried-over trial is the trial the person already has, not a new one.
  return startsTrial(session) && setTrialEndOf(session) === null ? 'Start free trial' : 'Subscribe';
}

interface FieldSpec {
  field: Field;
  label: string;
  type: string;
  autocomplete: string;
  placeholder: string;
  inputmode?: string;
  maxlength: number;
  hint?: string;
}

const CARD_NUMBER: FieldSpec = {
  field: 'cardNumber',
  label: 'Card number',
  type: 'text',
  autocomplete: 'cc-number',
  placeholder: '1234 1234 1234 1234',
  inputmode: 'numeric',
  maxlength: 23,
};

const EXPIRY: FieldSpec = {
  field: 'expiry',
  label: 'Expiration date',
  type: 'text',
  autocomplete: 'cc-exp',
  placeholder: 'MM / YY',
  inputmode: 'numeric',
  maxlength: 7,
  hint: 'MM / YY',
};

const CVC: FieldSpec = {
  field: 'cvc',
  label: 'Security code',
  type: 'text',
  autocomplete: 'cc-csc',
  placeholder: 'CVC',
  inputmode: 'numeric',
  maxlength: 4,
  hint: '3 or 4 digits',
};

const EMAIL: FieldSpec = {
  field: 'email',
  label: 'Email',
  type: 'email',
  autocomplete: 'email',
  placeholder: 'name@example.com',
  maxlength: 254,
  hint: 'Your receipt goes here.',
};

function input(
  spec: FieldSpec,
  state: {
    values: Partial<CheckoutForm>;
    errors: CheckoutErrors;
    focus: Field | null;
    required: boolean;
    alertId?: string;
  },
) {
  const { values, errors, focus, required } = state;
  const id = fieldIds[spec.field];
  const error = errors[spec.field];
  const hintId = spec.hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [state.alertId, hintId, errorId].filter(Boolean).join(' ');
  return html`<div>
<label for="${id}">${spec.label}</label>
${spec.hint ? html`<p class="hint-text" id="${hintId ?? ''}">${spec.hint}</p>` : ''}
<input id="${id}" name="${spec.field}" type="${spec.type}" autocomplete="${spec.autocomplete}"
 placeholder="${spec.placeholder}" maxlength="${spec.maxlength}"${spec.inputmode ? html` inputmode="${spec.inputmode}"` : ''}
 value="${values[spec.field] ?? ''}"${required ? html` required aria-required="true"` : ''}${
   describedBy ? html` aria-describedby="${describedBy}"` : ''
 }${error ? html` aria-invalid="true"` : ''}${focus === spec.field ? html` autofocus` : ''}>
${error ? html`<p class="error" id="${errorId ?? ''}">${error}</p>` : ''}
</div>`;
}

function testCardHint(): SafeHtml {
  return html`<section class="test-cards" aria-labelledby="test-cards-heading">
<h2 id="test-cards-heading">Test cards</h2>
<p>This is a test checkout: no money moves. Use one of Stripe's test cards:</p>
<ul>
${TEST_CARDS.map((card) => html`<li><code>${card.number}</code> ${card.description}</li>`)}
</ul>
<p>Any future expiration date and any three digits work.</p>
</section>`;
}

/** The hosted checkout page: what is bought, then the card form, in one column on a phone. */
export function renderCheckoutPage({
  session,
  homeUrl,
  values = {},
  errors = {},
  alert = null,
  now = Math.floor(Date.now() / 1000),
}: CheckoutPageInput): string {
  const needsEmail = session.customer === null;
  const optional = cardIsOptional(session);
  const cardRequired = !optional;
  const firstError = fieldOrder.find((field) => errors[field]) ?? null;
  // A decline is about the card: send focus back to its number, which the alert describes.
  const focus = firstError ?? (alert ? 'cardNumber' : null);
  const cancelHref = safeHref(session.cancel_url, homeUrl);

  const alertId = 'checkout-alert';
  const state = { values, errors, focus, required: cardRequired };
  const main = html`<div class="grid">
<section class="summary card" aria-labelledby="summary-heading">
<p class="muted">${brand.name} · ${session.mode === 'payment' ? 'One-time purchase' : 'Subscription'}</p>
${summary(session, now)}
</section>
<section aria-labelledby="pay-heading">
<div class="card">
<h2 id="pay-heading">${optional ? 'Card details (optional)' : 'Pay with card'}</h2>
${alert ? html`<div class="alert" role="alert" id="${alertId}"><p>${alert}</p></div>` : ''}
${
  optional
    ? html`<p class="note" id="card-optional-note">No card is needed to start the trial. Add one now to keep Premium when the trial ends.</p>`
    : ''
}
<form method="post" action="${localPayPaths.checkout(session.id)}" novalidate>
${needsEmail ? input(EMAIL, { ...state, required: true }) : ''}
${input(CARD_NUMBER, alert ? { ...state, alertId } : state)}
<div class="row">
${input(EXPIRY, state)}
${input(CVC, state)}
</div>
<button type="submit" class="primary">${submitLabel(session)}</button>
</form>
${disclosure(session, now, homeUrl)}
<p class="cancel"><a href="${cancelHref}">Cancel and return to ${brand.name}</a></p>
</div>
${testCardHint()}
</section>
</div>`;
  const price = session.line_items.data[0]?.price;
  return page(price ? productName(price) : 'Checkout', main);
}
