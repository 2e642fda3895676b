import { brand, formatPrice, TRIAL_REMINDER_LEAD_DAYS } from '@stillpoint/core';
import { cardLabel } from '../../card-label';
import { periodOf, RETRY_SCHEDULE_DAYS } from '../billing';
import { priceWithCadence, productName } from '../catalogue';
import type { SubscriptionObject } from '../objects';
import type { PortalSubscription, PortalView } from '../portal';
import { localPayPaths } from '../urls';
import { formatDay } from './format';
import { html, type SafeHtml, safeHref } from './html';
import { page } from './layout';

const statusLabels: Record<SubscriptionObject['status'], { text: string; tone: string }> = {
  trialing: { text: 'Free trial', tone: 'good' },
  active: { text: 'Active', tone: 'good' },
  past_due: { text: 'Payment failed', tone: 'bad' },
  canceled: { text: 'Ended', tone: 'off' },
  incomplete: { text: 'Waiting for a card', tone: 'warn' },
  incomplete_expired: { text: 'Never started', tone: 'off' },
};

function facts(row: PortalSubscription): SafeHtml {
  const { subscription, latestInvoice } = row;
  const item = periodOf(subscription);
  const amount = formatPrice(item.price.unit_amount * item.quantity, item.price.currency);
  const ending = subscription.cancel_at_period_end;
  switch (subscription.status) {
    case 'trialing': {
      const trialEnd = subscription.trial_end ?? item.current_period_end;
      return ending
        ? html`<dt>Trial ends</dt><dd>${formatDay(trialEnd)}</dd><dt>Plan ends on</dt><dd>${formatDay(trialEnd)}</dd>`
        : html`<dt>Trial ends</dt><dd>${formatDay(trialEnd)}</dd><dt>First charge</dt><dd>${amount} on ${formatDay(trialEnd)}</dd>`;
    }
    case 'active':
      return ending
        ? html`<dt>Plan ends on</dt><dd>${formatDay(item.current_period_end)}</dd>`
        : html`<dt>Next charge</dt><dd>${amount} on ${formatDay(item.current_period_end)}</dd>`;
    case 'past_due': {
      const retry = latestInvoice?.status === 'open' ? latestInvoice.next_payment_attempt : null;
      return html`<dt>Last payment</dt><dd>Failed</dd>${
        retry !== null ? html`<dt>Next attempt</dt><dd>${formatDay(retry)}</dd>` : ''
      }${ending ? html`<dt>Plan ends on</dt><dd>${formatDay(item.current_period_end)}</dd>` : ''}`;
    }
    case 'canceled':
      return html`<dt>Ended on</dt><dd>${formatDay(subscription.ended_at ?? item.current_period_end)}</dd>`;
    case 'incomplete':
      return html`<dt>Started</dt><dd>Not yet: the card was never confirmed</dd>`;
    case 'incomplete_expired':
      return html`<dt>Started</dt><dd>No: the card was never confirmed</dd>`;
  }
}

function planCard(portalId: string, row: PortalSubscription): SafeHtml {
  const { subscription, paymentMethod } = row;
  const price = periodOf(subscription).price;
  const status = statusLabels[subscription.status];
  const live = ['trialing', 'active', 'past_due'].includes(subscription.status);
  const headingId = `plan-${subscription.id}`;
  const action = (path: 'cancel' | 'resume', label: string, style: string) =>
    html`<form method="post" action="${localPayPaths.portal(portalId)}/${path}">
<input type="hidden" name="subscription" value="${subscription.id}">
<button type="submit" class="${style}">${label}</button>
</form>`;
  return html`<article class="card" aria-labelledby="${headingId}">
<div class="plan-head">
<h3 id="${headingId}">${productName(price)}</h3>
<p class="status status-${status.tone}">${status.text}${subscription.cancel_at_period_end && live ? ' · canceled' : ''}</p>
</div>
<p>${priceWithCadence(price)}</p>
<dl class="plain">
${facts(row)}
<dt>Card</dt><dd>${paymentMethod ? cardLabel(paymentMethod.card.brand, paymentMethod.card.last4) : 'No card on file'}</dd>
</dl>
${
  live
    ? html`<div class="actions">
<a class="button ${subscription.status === 'past_due' ? 'primary-inline' : 'secondary'}" href="${localPayPaths.portalCard(portalId)}">Update card</a>
${
  subscription.cancel_at_period_end
    ? action('resume', 'Resume plan', 'secondary')
    : action('cancel', 'Cancel plan', 'danger')
}</div>`
    : ''
}
</article>`;
}

/** What "Advance to the next billing date" will do, in words. */
function nextStepText(view: PortalView): SafeHtml | null {
  const upcoming = view.subscriptions
    .filter((row) => row.next && row.subscription.status !== 'incomplete')
    .sort((a, b) => (a.next?.at ?? 0) - (b.next?.at ?? 0))[0];
  if (!upcoming?.next) return null;
  const { subscription } = upcoming;
  const item = periodOf(subscription);
  const amount = formatPrice(item.price.unit_amount * item.quantity, item.price.currency);
  const fails = view.customer.local_charges_fail;
  const outcome = fails ? 'is attempted and fails' : 'is taken';
  let text: string;
  switch (upcoming.next.kind) {
    case 'trial_end':
      if (subscription.cancel_at_period_end) text = 'the trial ends, and the plan with it';
      else if (
        !upcoming.paymentMethod &&
        subscription.trial_settings.end_behavior.missing_payment_method === 'cancel'
      ) {
        text = 'the trial ends; with no card on file the plan ends with it';
      } else text = `the trial ends and the first charge of ${amount} ${outcome}`;
      break;
    case 'period_end':
      text = subscription.cancel_at_period_end
        ? 'the plan ends'
        : `the plan renews and the charge of ${amount} ${outcome}`;
      break;
    case 'retry': {
      // Attempts so far, the first included; the schedule's last retry is the last chance.
      const attempts = upcoming.latestInvoice?.attempt_count ?? 1;
      const last = attempts >= RETRY_SCHEDULE_DAYS.length;
      text = !fails
        ? `the failed charge of ${amount} is tried again and succeeds`
        : last
          ? `the failed charge of ${amount} is tried again for the last time and fails, so the plan ends`
          : `the failed charge of ${amount} is tried again and fails`;
      break;
    }
    default:
      return null;
  }
  return html`<p>Next billing date: <strong>${formatDay(upcoming.next.at)}</strong>. Then ${text}.</p>`;
}

/** A plan in its trial whose reminder (core's lead days before the end) is still ahead. */
const reminderAhead = (view: PortalView): boolean =>
  view.subscriptions.some(
    ({ subscription }) =>
      subscription.status === 'trialing' &&
      subscription.trial_end !== null &&
      subscription.trial_end - TRIAL_REMINDER_LEAD_DAYS * 86_400 > Date.now() / 1000,
  );

function clockSection(portalId: string, view: PortalView): SafeHtml {
  const fails = view.customer.local_charges_fail;
  const next = nextStepText(view);
  return html`<section class="card clock" aria-labelledby="clock-heading">
<h2 id="clock-heading">Test clock</h2>
<p class="muted">Moves this customer's subscriptions forward in time, as Stripe's test clocks do. Not available in production.</p>
${next ?? html`<p>No subscription has a billing date ahead.</p>`}
<form method="post" action="${localPayPaths.portal(portalId)}/clock/advance">
<button type="submit" class="secondary"${next ? '' : html` disabled`}>Advance to the next billing date</button>
</form>
${
  reminderAhead(view)
    ? html`<form method="post" action="${localPayPaths.portal(portalId)}/clock/reminder">
<button type="submit" class="secondary">Advance to ${TRIAL_REMINDER_LEAD_DAYS} days before the trial ends</button>
</form>
<p class="muted">Where the trial reminder falls due: Stillpoint sends it on its next run, within a minute by default (the development outbox shows it).</p>`
    : ''
}<p>Charges currently <strong>${fails ? 'fail' : 'succeed'}</strong>.</p>
<form method="post" action="${localPayPaths.portal(portalId)}/clock/charges">
<input type="hidden" name="outcome" value="${fails ? 'succeed' : 'fail'}">
<button type="submit" class="${fails ? 'secondary' : 'danger'}">${fails ? 'Let charges succeed' : 'Make the next charge fail'}</button>
</form>
</section>`;
}

export interface PortalPageInput {
  view: PortalView;
  homeUrl: string;
  notice: string | null;
  showClock: boolean;
}

/** The local billing portal: the customer's plans, cancel and resume, and outside production the test clock. */
export function renderPortalPage({ view, homeUrl, notice, showClock }: PortalPageInput): string {
  const portalId = view.session.id;
  const current = view.subscriptions.filter((row) => row.subscription.status !== 'incomplete_expired');
  return page(
    'Billing',
    html`<h1>${brand.name} billing</h1>
${view.customer.email ? html`<p class="muted">${view.customer.email}</p>` : ''}
${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
<section aria-labelledby="plans-heading">
<h2 id="plans-heading">Your plan</h2>
${current.length > 0 ? current.map((row) => planCard(portalId, row)) : html`<div class="card"><p>You have no plan yet.</p></div>`}
</section>
${showClock ? clockSection(portalId, view) : ''}
<p class="return"><a class="button secondary" href="${safeHref(view.session.return_url, homeUrl)}">Return to ${brand.name}</a></p>`,
    { narrow: true },
  );
}
