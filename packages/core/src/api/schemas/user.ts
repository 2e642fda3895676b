import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const userSchema = z.object({
  uid: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
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
