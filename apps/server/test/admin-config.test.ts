import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { productionEnv, stagingEnv } from './support/config';

// ADMIN_USER_IDS and ADMIN_SIGN_INS (docs/configuration.md): who may use the support console.
describe('admin configuration', () => {
  it('reads user ids, phone numbers and e-mails, trimmed, e-mail in lower case', () => {
    const { admin } = loadConfig({
      APP_ENV: 'test',
      ADMIN_USER_IDS: 'abc123, def-456_x',
      ADMIN_SIGN_INS: '+15555550123 , Lead@Example.com,',
    });
    expect([...admin.userIds]).toEqual(['abc123', 'def-456_x']);
    expect([...admin.phoneNumbers]).toEqual(['+15555550123']);
    expect([...admin.emails]).toEqual(['lead@example.com']);
  });

  it('names nobody by default in test, staging and production', () => {
    for (const env of [{ APP_ENV: 'test' }, stagingEnv, productionEnv]) {
      const { admin } = loadConfig(env);
      expect([admin.userIds.size, admin.phoneNumbers.size, admin.emails.size]).toEqual([0, 0, 0]);
    }
  });

  it('names the demo admin in development, who signs in with the fixed code', () => {
    const config = loadConfig({ APP_ENV: 'development' });
    expect([...config.admin.phoneNumbers]).toEqual(['+15555550101']);
    expect(config.auth.testPhoneNumbers.get('+15555550101')).toBe('123456');
    // Set, ADMIN_SIGN_INS replaces the demo admin.
    expect([
      ...loadConfig({ APP_ENV: 'development', ADMIN_SIGN_INS: 'a@example.com' }).admin.phoneNumbers,
    ]).toEqual([]);
  });

  it('refuses malformed entries with a message naming each', () => {
    expect(() =>
      loadConfig({ APP_ENV: 'test', ADMIN_SIGN_INS: '5555550123,lead@example.com,not an address' }),
    ).toThrow(
      /ADMIN_SIGN_INS: "5555550123" is neither a phone number in E\.164 \(\+15555550123\) nor an e-mail address[\s\S]*"not an address" is neither/,
    );
    expect(() => loadConfig({ APP_ENV: 'test', ADMIN_USER_IDS: 'ok,has space' })).toThrow(
      /ADMIN_USER_IDS: "has space" is not a user id/,
    );
  });

  it('refuses a development number as an admin on staging and production', () => {
    for (const env of [stagingEnv, productionEnv]) {
      expect(() => loadConfig({ ...env, ADMIN_SIGN_INS: '+15555550101' })).toThrow(
        /ADMIN_SIGN_INS: must not include the development number \+15555550101 (in production|on staging)/,
      );
      expect(() => loadConfig({ ...env, ADMIN_SIGN_INS: '+15555550100' })).toThrow(
        /development number \+15555550100/,
      );
      expect(
        loadConfig({ ...env, ADMIN_SIGN_INS: '+14155550123' }).admin.phoneNumbers.has('+14155550123'),
      ).toBe(true);
    }
  });
});
