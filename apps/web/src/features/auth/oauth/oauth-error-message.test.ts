import { authErrorMessages } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { oauthErrorMessage } from './oauth-error-message';

describe('oauthErrorMessage', () => {
  it('reads an unredeemable authorization code as "start again", not as a wrong SMS code', () => {
    expect(oauthErrorMessage('invalid_code')).toBe(authErrorMessages.restartSignIn);
    expect(oauthErrorMessage({ error: { code: 'invalid_code' } })).toBe(authErrorMessages.restartSignIn);
  });

  it('explains the popup and callback outcomes a person can meet', () => {
    expect(oauthErrorMessage({ code: 'POPUP_CLOSED' })).toBe(authErrorMessages.popupClosed);
    expect(oauthErrorMessage({ code: 'POPUP_TIMEOUT' })).toBe(authErrorMessages.popupTimeout);
    expect(oauthErrorMessage({ code: 'access_denied' })).toBe(authErrorMessages.accessDenied);
    expect(oauthErrorMessage({ code: 'state_mismatch' })).toBe(authErrorMessages.restartSignIn);
    expect(oauthErrorMessage({ code: 'account_not_linked' })).toBe(authErrorMessages.accountExists);
    expect(oauthErrorMessage(new TypeError('Failed to fetch'))).toBe(authErrorMessages.networkFailed);
  });

  it('never shows a raw code', () => {
    expect(oauthErrorMessage({ code: 'issuer_mismatch' })).not.toMatch(/_/);
    expect(oauthErrorMessage({ code: 'SOMETHING_NEW', message: 'SOMETHING_NEW' })).not.toMatch(/SOMETHING/);
  });
});
