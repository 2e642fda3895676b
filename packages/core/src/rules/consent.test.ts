import { describe, expect, it } from 'vitest';
import {
  type ConsentChoice,
  consentRequired,
  cookieBannerShown,
  mayTrack,
  trackingDecision,
} from './consent';

const choices: (ConsentChoice | null)[] = [null, 'granted', 'denied'];
const requirements: (boolean | null)[] = [null, true, false];

describe('consentRequired', () => {
  it('exempts only US visitors', () => {
    expect(consentRequired('US')).toBe(false);
    for (const country of ['DE', 'GB', 'FR', 'CA', 'BR', 'UM', 'PR']) {
      expect(consentRequired(country), country).toBe(true);
    }
  });

  it('asks when the country is unknown', () => {
    expect(consentRequired(null)).toBe(true);
    expect(consentRequired(undefined)).toBe(true);
    expect(consentRequired('')).toBe(true);
  });

  it('reads the code whatever its case or spacing', () => {
    expect(consentRequired('us')).toBe(false);
    expect(consentRequired(' US ')).toBe(false);
    expect(consentRequired('USA')).toBe(true);
  });
});

describe('trackingDecision', () => {
  it('follows a stored choice wherever the visitor is', () => {
    for (const required of requirements) {
      expect(trackingDecision(required, 'granted')).toBe('send');
      expect(trackingDecision(required, 'denied')).toBe('drop');
    }
  });

  it('tracks US visitors without a banner', () => {
    expect(trackingDecision(false, null)).toBe('send');
  });

  it('sends nothing before Accept where the banner applies', () => {
    expect(trackingDecision(true, null)).toBe('drop');
  });

  it('holds events while the country is still unknown', () => {
    expect(trackingDecision(null, null)).toBe('wait');
  });

  it('mayTrack is true exactly when the decision is send', () => {
    for (const required of requirements) {
      for (const choice of choices) {
        expect(mayTrack(required, choice)).toBe(trackingDecision(required, choice) === 'send');
      }
    }
  });
});

describe('cookieBannerShown', () => {
  it('shows only where consent is needed and nothing is chosen', () => {
    for (const required of requirements) {
      for (const choice of choices) {
        expect(cookieBannerShown(required, choice), `${required} ${choice}`).toBe(
          required === true && choice === null,
        );
      }
    }
  });
});
