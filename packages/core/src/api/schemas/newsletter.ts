import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema } from './common';
import { emailSchema } from './fields';

export const newsletterEndpoints = {
  joinNewsletter: defineEndpoint({
    method: 'POST',
    path: '/joinNewsletter',
    summary: 'Sign an e-mail up for the newsletter; signing up twice is not an error.',
    auth: 'public',
    body: z.strictObject({ email: emailSchema }),
    idempotent: true,
    response: acknowledgedSchema,
  }),
};
