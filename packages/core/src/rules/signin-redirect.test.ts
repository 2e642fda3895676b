import { describe, expect, it } from 'vitest';
import {
  isReturnPath,
  isSignInRedirectSettled,
  returnPathToRemember,
  signInRedirectPath,
} from './signin-redirect';

const setUp = { isPremium: true, hasExtension: true, hasBrowserSettings: true, hasCustomSites: true };

describe('signInRedirectPath', () => {
  it('returns to the saved path, query included, before anything else', () => {
    expect(signInRedirectPath({ savedPath: '/subscription?stripe_success=1' })).toBe(
      '/subscription?stripe_success=1',
    );
    expect(signInRedirectPath({ ...setUp, savedPath: '/breathe?siteId=s1' })).toBe('/breathe?siteId=s1');
  });

  it('goes home only when premium with the extension, browser settings and custom sites', () => {
    expect(signInRedirectPath(setUp)).toBe('/');
  });

  it.each([
    ['not premium', { ...setUp, isPremium: false }],
    ['no extension', { ...setUp, hasExtension: false }],
    ['no browser settings', { ...setUp, hasBrowserSettings: false }],
    ['no custom sites', { ...setUp, hasCustomSites: false }],
  ])('goes to onboarding when %s', (_, facts) => {
    expect(signInRedirectPath(facts)).toBe('/onboarding');
  });

  it('treats unknown facts as not set up', () => {
    expect(signInRedirectPath({})).toBe('/onboarding');
    expect(signInRedirectPath({ isPremium: true })).toBe('/onboarding');
    expect(signInRedirectPath({ savedPath: null })).toBe('/onboarding');
  });

  it('ignores a saved path that leaves the app or loops through sign-in', () => {
    for (const savedPath of [
      '',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'subscription',
    ]) {
      expect(signInRedirectPath({ ...setUp, savedPath })).toBe('/');
    }
    expect(signInRedirectPath({ savedPath: '/signin?trialEmail=a@b.co' })).toBe('/onboarding');
    expect(signInRedirectPath({ savedPath: '/signout' })).toBe('/onboarding');
  });
});

describe('isReturnPath', () => {
  it('accepts pages of the app with query and hash', () => {
    expect(isReturnPath('/')).toBe(true);
    expect(isReturnPath('/subscription')).toBe(true);
    expect(isReturnPath('/breathe?returnUrl=https%3A%2F%2Fyoutube.com&siteId=1#x')).toBe(true);
    // Only the sign-in page itself loops; a page whose name merely starts the same is fine.
    expect(isReturnPath('/signin-help')).toBe(true);
  });

  it('refuses other origins, sign-in pages and control characters', () => {
    expect(isReturnPath(undefined)).toBe(false);
    expect(isReturnPath('//evil.example')).toBe(false);
    expect(isReturnPath('/signin/')).toBe(false);
    expect(isReturnPath('/signout?x=1')).toBe(false);
    expect(isReturnPath('/\tevil')).toBe(false);
    expect(isReturnPath('javascript:alert(1)')).toBe(false);
  });
});

describe('returnPathToRemember', () => {
  it('remembers the path and search', () => {
    expect(returnPathToRemember('/subscription', '?stripe_success=1')).toBe('/subscription?stripe_success=1');
    expect(returnPathToRemember('/onboarding', '')).toBe('/onboarding');
    expect(returnPathToRemember('/breathe', 'siteId=1')).toBe('/breathe?siteId=1');
  });

  it("keeps the fragment, which ends an intercepted page's address on the breathe page", () => {
    expect(
      returnPathToRemember('/breathe', '?siteId=1&returnUrl=https://x.test/read?id=7', '#section-3'),
    ).toBe('/breathe?siteId=1&returnUrl=https://x.test/read?id=7#section-3');
    expect(returnPathToRemember('/gift', '', 'top')).toBe('/gift#top');
  });

  it('remembers nothing for / (SPEC §2), even with a query', () => {
    expect(returnPathToRemember('/')).toBeNull();
    expect(returnPathToRemember('/', '?ref=mail')).toBeNull();
  });

  it('remembers nothing that could not be returned to', () => {
    expect(returnPathToRemember('/signin', '?x=1')).toBeNull();
    expect(returnPathToRemember('//evil.example')).toBeNull();
  });
});

describe('isSignInRedirectSettled', () => {
  it('is settled at once by a saved path, whatever else is unknown', () => {
    expect(isSignInRedirectSettled({ savedPath: '/subscription' })).toBe(true);
  });

  it('is settled by the first known false: onboarding whatever the rest turn out to be', () => {
    expect(isSignInRedirectSettled({ isPremium: false })).toBe(true);
    expect(isSignInRedirectSettled({ isPremium: true, hasCustomSites: false })).toBe(true);
  });

  it('is settled when all four are known true', () => {
    expect(isSignInRedirectSettled(setUp)).toBe(true);
  });

  it('waits while every known fact is true but some are unknown', () => {
    expect(isSignInRedirectSettled({})).toBe(false);
    expect(isSignInRedirectSettled({ savedPath: null })).toBe(false);
    expect(isSignInRedirectSettled({ ...setUp, hasExtension: undefined })).toBe(false);
    // A saved path that cannot be returned to does not settle anything.
    expect(isSignInRedirectSettled({ ...setUp, hasCustomSites: undefined, savedPath: '/signout' })).toBe(
      false,
    );
  });
});
