import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const authEndpoints = {
  createCustomFirebaseToken: defineEndpoint({
    method: 'GET',
    path: '/createCustomFirebaseToken',
    summary: 'A short-lived token the extension exchanges for its own session (USER_ACCESS_TOKEN_EXCHANGE).',
    auth: 'user',
    response: z.object({ token: z.string() }),
  }),
};
