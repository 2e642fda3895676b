import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from '../constants/limits';

/** Feedback and the occupation free text need something besides spaces. */
export const isNonEmptyText = (text: string): boolean => text.trim().length > 0;

const LINE_BREAKS_AND_TABS = new Set(['\n', '\r', '\t']);
const isControl = (char: string) => /\p{Cc}/u.test(char);

/** A database cannot hold NUL, and other control characters only garble what the team reads. */
const hasControlExceptLines = (text: string) =>
  [...text].some((char) => isControl(char) && !LINE_BREAKS_AND_TABS.has(char));
/** A one-line answer must stay one line: it is written into labelled lines of the team's message. */
const hasControl = (text: string) => /\p{Cc}/u.test(text);

export const feedbackContentSchema = z
  .string({ error: 'content must be text' })
  .trim()
  .min(1, 'Feedback cannot be empty')
  .max(FEEDBACK_MAX_LENGTH, `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters`)
  .refine((text) => !hasControlExceptLines(text), 'Feedback cannot contain control characters');

/** A short free-text answer (onboarding, occupation, locations), named in its messages. */
export const shortTextSchema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(SHORT_TEXT_MAX_LENGTH, `${field} can be at most ${SHORT_TEXT_MAX_LENGTH} characters`)
    .refine((text) => !hasControl(text), `${field} must be one line of text`);
