import { describe, expect, it } from 'vitest';
import { isPaymentPagePath } from './payment-pages';

describe('isPaymentPagePath', () => {
  it.each([
    '/webcheckout',
    '/getting-started',
    '/webcheckout/',
    '/WebCheckout',
    '/Getting-Started//',
    '/%77ebcheckout',
    '/getting%2Dstarted',
  ])('%s is a payment page', (path) => expect(isPaymentPagePath(path)).toBe(true));

  it.each([
    '/',
    '',
    '/subscription',
    '/webcheckout/extra',
    '/webcheckoutx',
    '/api/webcheckout',
    '/gift',
    '/%ZZ',
  ])('%s is not', (path) => expect(isPaymentPagePath(path)).toBe(false));
});
