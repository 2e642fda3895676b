import { describe, expect, it } from 'vitest';
import { feedbackContentSchema, isNonEmptyText, shortTextSchema } from './text';

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
