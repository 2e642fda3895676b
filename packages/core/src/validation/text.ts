import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from '../constants/limits';

/** Feedback and the occupation free text need something besides spaces. */
export const isNonEmptyText = (text: string): boolean => text.trim().length > 0;

export const feedbackContentSchema = z
  .string({ error: 'content must be text' })
  .trim()
  .min(1, 'Feedback cannot be empty')
  .max(FEEDBACK_MAX_LENGTH, `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters`);

/** A short free-text answer (onboarding, occupation, locations), named in its messages. */
export const shortTextSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(SHORT_TEXT_MAX_LENGTH, `${field} can be at most ${SHORT_TEXT_MAX_LENGTH} characters`);
