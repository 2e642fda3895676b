import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { getSubscriptionState, type SubscriptionDependencies } from './service';

export function registerSubscriptionRoutes(app: FastifyInstance, deps: SubscriptionDependencies): void {
  registerEndpoint(app, endpoints.getSubscriptionState, ({ user, request }) =>
    getSubscriptionState(deps, user.id, new Date(), request.log),
  );
}
