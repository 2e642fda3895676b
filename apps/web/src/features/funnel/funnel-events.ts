import { FUNNEL_AD_EVENTS, type FunnelStep, type PaywallVariant } from '@stillpoint/core';
import { trackAdEvent } from '../../lib/analytics/ad-events';
import { track } from '../../lib/analytics/track';

/** The funnel's milestones, told to our analytics and, with consent, to TikTok (SPEC §7). */
export const funnelEvents = {
  stepViewed(step: FunnelStep): void {
    track('funnelStep', { step });
    trackAdEvent(FUNNEL_AD_EVENTS.stepViewed, { content_name: step });
    if (step === 'PURCHASE') trackAdEvent(FUNNEL_AD_EVENTS.paywallReached, { content_name: step });
  },
  signedUp(): void {
    track('funnelSignedUp');
    trackAdEvent(FUNNEL_AD_EVENTS.signedUp);
  },
  purchased(variant: PaywallVariant): void {
    track('funnelPurchased', { variant });
    trackAdEvent(FUNNEL_AD_EVENTS.purchased, { content_name: variant });
  },
};
