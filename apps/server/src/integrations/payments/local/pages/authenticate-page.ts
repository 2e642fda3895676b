import { brand, formatPrice } from '@stillpoint/core';
import { cardLabel } from '../../card-label';
import type { IntentObject } from '../objects';
import { localPayPaths } from '../urls';
import { html } from './html';
import { page } from './layout';

/**
 * Stands in for the bank's 3D Secure check on 4000 0025 0000 3155: the person decides what the bank
 * answers. Two submit buttons of one form, so it works without script.
 */
export function renderAuthenticatePage(intent: IntentObject): string {
  const card = intent.local_pending_card;
  const what =
    intent.object === 'payment_intent'
      ? html`a payment of <strong>${formatPrice(intent.amount, intent.currency)}</strong> to ${brand.name}`
      : intent.local_purpose.kind === 'card_update'
        ? html`saving this card so ${brand.name} can charge it for your plan`
        : html`saving this card so ${brand.name} can charge it when your trial ends`;
  const heading = intent.object === 'payment_intent' ? 'Authenticate this payment' : 'Authenticate your card';
  return page(
    heading,
    html`<h1>${heading}</h1>
<div class="card">
<p class="muted">Test bank · 3D Secure</p>
<p>Your bank asks you to confirm ${what}.</p>
${card ? html`<p>Card: <strong>${cardLabel(card.brand, card.last4) ?? 'Card'}</strong></p>` : ''}
<p class="muted">This test page stands in for your bank's check. Choose the answer the bank should give.</p>
<form method="post" action="${localPayPaths.authenticate(intent.id)}" class="stack">
<button type="submit" name="outcome" value="complete" class="primary">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="danger">Fail authentication</button>
</form>
</div>`,
    { narrow: true },
  );
}
