import { describe, expect, it } from 'vitest';
import { authErrorMessage, normaliseAuthErrorCode } from './auth-error-message';
import { AUTH_ERROR_FALLBACK, authErrorCodes, authErrorMessages } from './messages';

describe('authErrorMessage', () => {
  it.each([
    ['popup-blocked', authErrorMessages.popupBlocked],
    ['auth/popup-blocked', authErrorMessages.popupBlocked],
    ['auth/popup-closed-by-user', authErrorMessages.popupClosed],
    ['auth/cancelled-popup-request', authErrorMessages.popupCancelled],
    ['auth/network-request-failed', authErrorMessages.networkFailed],
    ['auth/too-many-requests', authErrorMessages.tooManyRequests],
    ['auth/unauthorized-domain', authErrorMessages.unauthorizedDomain],
    ['auth/user-not-found', authErrorMessages.userNotFound],
    ['auth/wrong-password', authErrorMessages.wrongCredentials],
    ['auth/email-already-in-use', authErrorMessages.accountExists],
    ['auth/invalid-verification-code', authErrorMessages.invalidCode],
    ['auth/code-expired', authErrorMessages.codeExpired],
  ])('explains the SPEC §8 code %s', (code, message) => {
    expect(authErrorMessage({ code })).toBe(message);
  });

  it.each([
    ['INVALID_OTP', authErrorMessages.invalidCode],
    ['OTP_EXPIRED', authErrorMessages.codeExpired],
    ['OTP_NOT_FOUND', authErrorMessages.codeNotFound],
    ['TOO_MANY_ATTEMPTS', authErrorMessages.tooManyAttempts],
    ['INVALID_PHONE_NUMBER', authErrorMessages.invalidPhoneNumber],
    ['POPUP_BLOCKED', authErrorMessages.popupBlocked],
    ['POPUP_CLOSED', authErrorMessages.popupClosed],
    ['POPUP_TIMEOUT', authErrorMessages.popupTimeout],
    ['USER_NOT_FOUND', authErrorMessages.userNotFound],
    ['VERIFICATION_FAILED', authErrorMessages.botCheckFailed],
    ['MISSING_RESPONSE', authErrorMessages.botCheckFailed],
    ['access_denied', authErrorMessages.accessDenied],
    ['state_mismatch', authErrorMessages.restartSignIn],
    ['OTP_SEND_COOLDOWN', authErrorMessages.sendCooldown],
    ['OTP_SEND_HOURLY_CAP', authErrorMessages.sendHourlyCap],
  ])('explains the Better Auth code %s', (code, message) => {
    expect(authErrorMessage({ code })).toBe(message);
  });

  it("reads the code from Better Auth's { error } result and from a bare string", () => {
    expect(authErrorMessage({ data: null, error: { code: 'INVALID_OTP', status: 400 } })).toBe(
      authErrorMessages.invalidCode,
    );
    expect(authErrorMessage('popup_closed_by_user')).toBe(authErrorMessages.popupClosed);
  });

  it('falls back on the HTTP status when the code is unknown or missing', () => {
    expect(authErrorMessage({ status: 429 })).toBe(authErrorMessages.tooManyRequests);
    expect(authErrorMessage({ error: { code: 'SOMETHING_NEW', status: 429 } })).toBe(
      authErrorMessages.tooManyRequests,
    );
    expect(authErrorMessage({ status: 0 })).toBe(authErrorMessages.networkFailed);
    expect(authErrorMessage({ status: 503 })).toBe(authErrorMessages.serverTrouble);
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(authErrorMessages.networkFailed);
  });

  it('never shows a raw code or message, whatever it is given', () => {
    for (const error of [
      { code: 'SOMETHING_NEW', status: 400 },
      new Error('boom'),
      null,
      undefined,
      42,
      {},
    ]) {
      expect(authErrorMessage(error)).toBe(AUTH_ERROR_FALLBACK);
    }
    expect(authErrorMessage({ code: 'SOMETHING_NEW', message: 'SOMETHING_NEW happened' })).not.toMatch(
      /SOMETHING/,
    );
  });

  it('maps every listed code to a written sentence, none of which shows a code', () => {
    for (const [code, key] of Object.entries(authErrorCodes)) {
      const message = authErrorMessages[key];
      expect(message, code).toMatch(/^[A-Z].*\.$/);
      expect(message).not.toMatch(/[a-z]+-[a-z]+-[a-z]+|[A-Z]{2,}_[A-Z]/);
    }
  });
});

describe('normaliseAuthErrorCode', () => {
  it('spells all three styles the same way', () => {
    expect(normaliseAuthErrorCode('auth/popup-closed-by-user')).toBe('popup-closed-by-user');
    expect(normaliseAuthErrorCode('POPUP_CLOSED_BY_USER')).toBe('popup-closed-by-user');
    expect(normaliseAuthErrorCode(' popup_closed_by_user ')).toBe('popup-closed-by-user');
  });
});
