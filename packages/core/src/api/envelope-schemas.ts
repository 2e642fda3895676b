import { z } from 'zod';
import { errorCodes } from './envelope';

export const failureSchema = z.object({
  success: z.literal(false),
  error: z.string().min(1),
  code: z.enum(errorCodes),
});

export const successSchema = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
