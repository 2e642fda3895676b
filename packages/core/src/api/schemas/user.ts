import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';

export const userSchema = z.object({
  uid: z.string(),
  phoneNumber: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const userEndpoints = {
  getUser: defineEndpoint({
    method: 'GET',
    path: '/getUser',
    summary: 'The signed-in user: uid, phone number and e-mail.',
    auth: 'user',
    response: userSchema,
  }),
};
