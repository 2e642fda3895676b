import { describe, expect, it } from 'vitest';
import { feedbackContentSchema, shortTextSchema } from '../api/schemas/fields';
import { isNonEmptyText } from './text';

describe('free text', () => {
  it('needs a non-space character', () => {
    expect(isNonEmptyText('')).toBe(false);
    expect(isNonEmptyText('  \n')).toBe(false);
    expect(isNonEmptyText(' a ')).toBe(true);
  });

  it('rejects empty feedback and overlong answers with readable messages', () => {
    expect(feedbackContentSchema.safeParse('   ').error?.issues[0]?.message).toBe('Feedback cannot be empty');
    expect(feedbackContentSchema.parse(' thanks ')).toBe('thanks');
    expect(feedbackContentSchema.safeParse('x'.repeat(5001)).success).toBe(false);
    expect(shortTextSchema('job').safeParse('x'.repeat(501)).error?.issues[0]?.message).toBe(
      'job can be at most 500 characters',
    );
  });
});

describe('control characters in free text', () => {
  it('lets feedback span lines but refuses NUL and other control characters', () => {
    expect(feedbackContentSchema.safeParse('first line\nsecond\tline').success).toBe(true);
    expect(feedbackContentSchema.safeParse('bad\u0000byte').success).toBe(false);
    expect(feedbackContentSchema.safeParse('bell\u0007').success).toBe(false);
  });

  it('keeps a short answer on one line', () => {
    const location = shortTextSchema('location');
    expect(location.safeParse('checkout').success).toBe(true);
    expect(location.safeParse('checkout\nuid: someone-else').error?.issues[0]?.message).toBe(
      'location must be one line of text',
    );
    expect(location.safeParse('nul\u0000').success).toBe(false);
  });
});
