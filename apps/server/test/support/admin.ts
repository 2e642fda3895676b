import { type EndpointName, endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config';
import { AppError } from '../../src/errors';
import type { PaymentsForSupport } from '../../src/modules/payments/support';
import { type Person, signUp } from './api';
import type { TestAppOptions } from './app';

/**
 * Admin calls the registry has but this server does not serve yet: the client error reports'
 * list is registered by their own module. Remove a name once its module registers it.
 */
export const ADMIN_CALLS_SERVED_ELSEWHERE: readonly EndpointName[] = ['adminListClientErrors'];

/** The registry's endpoints this server serves: all of them but ADMIN_CALLS_SERVED_ELSEWHERE. */
export const servedEndpoints = () =>
  Object.entries(endpoints).filter(([name]) => !ADMIN_CALLS_SERVED_ELSEWHERE.includes(name as EndpointName));

/**
 * Payments for the support console in tests that never reach a payment (the refund call is
 * registered only with one): every person has no payments, and a refund names none of theirs.
 */
export const noPaymentsForSupport: PaymentsForSupport = {
  listPaymentsOf: async () => [],
  refundPayment: async () => {
    throw new AppError('NOT_FOUND', 'That payment was not found.');
  },
};

/**
 * An app whose admins are whoever `makeAdmin` signs up: ADMIN_USER_IDS read at each call from a
 * set the test fills, and the refund call served.
 */
export function withAdmins(): {
  config: Partial<Config>;
  options: TestAppOptions;
  makeAdmin(app: FastifyInstance): Promise<Person>;
} {
  const userIds = new Set<string>();
  return {
    config: { admin: { userIds, phoneNumbers: new Set(), emails: new Set() } },
    options: { paymentsForSupport: noPaymentsForSupport },
    async makeAdmin(app) {
      const admin = await signUp(app);
      userIds.add(admin.uid);
      return admin;
    },
  };
}
