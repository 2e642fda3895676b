import { z } from 'zod/mini';
import { errorCodes } from './envelope';

export const failureSchema = z.object({
  success: z.literal(false),
  error: z.string().check(z.minLength(1)),
  code: z.enum(errorCodes),
});

export const successSchema = <T extends z.ZodMiniType>(data: T) =>
  z.object({ success: z.literal(true), data });
