import {
  CHECKOUT_SESSION_PARAM,
  giftReferralGroup,
  REDEMPTION_CODE_PARAM,
  REFERRAL_GROUP_PARAM,
  readGiftPageQuery,
} from '@stillpoint/core';
import { useSearchParams } from 'react-router';
import { STRIPE_SUCCESS_PARAM } from '../../lib/subscription/checkout-return';
import { GiftConfirmation } from './gift-confirmation';
import { GiftOffer } from './gift-offer';

/**
 * Gift purchase (SPEC §2 /gift); no sign-in needed. The offer, or, back from hosted checkout with
 * stripe_success, the purchase's confirmation and codes.
 */
export function GiftPage() {
  const [search] = useSearchParams();
  const view = readGiftPageQuery({
    stripeSuccess: search.get(STRIPE_SUCCESS_PARAM),
    sessionId: search.get(CHECKOUT_SESSION_PARAM),
    redemptionCode: search.get(REDEMPTION_CODE_PARAM),
  });
  if (view.kind === 'offer') {
    return <GiftOffer referralGroup={giftReferralGroup(search.get(REFERRAL_GROUP_PARAM))} />;
  }
  return (
    <GiftConfirmation
      lookup={
        view.kind === 'purchase' ? { sessionId: view.sessionId, redemptionCode: view.redemptionCode } : null
      }
    />
  );
}
