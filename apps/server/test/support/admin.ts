import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config';
import { type Person, signUp } from './api';

/**
 * An app whose admins are whoever `makeAdmin` signs up: ADMIN_USER_IDS read at each call from a
 * set the test fills.
 */
export function withAdmins(): {
  config: Partial<Config>;
  makeAdmin(app: FastifyInstance): Promise<Person>;
} {
  const userIds = new Set<string>();
  return {
    config: { admin: { userIds, phoneNumbers: new Set(), emails: new Set() } },
    async makeAdmin(app) {
      const admin = await signUp(app);
      userIds.add(admin.uid);
      return admin;
    },
  };
}
