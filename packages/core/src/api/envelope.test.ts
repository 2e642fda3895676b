import { describe, expect, it } from 'vitest';
import { ApiError, fail, ok, unwrapEnvelope } from './envelope';
import { describeIssues, invalidInputMessage } from './errors';

describe('unwrapEnvelope', () => {
  it('returns data from a success', () => {
    expect(unwrapEnvelope(ok({ token: 't' }), 200)).toEqual({ token: 't' });
    expect(unwrapEnvelope(ok(null), 200)).toBeNull();
  });

  it("throws the server's own error text, code and status", () => {
    const run = () => unwrapEnvelope(fail('CONFLICT', 'This code has already been redeemed.'), 409);
    expect(run).toThrow(ApiError);
    expect(run).toThrow('This code has already been redeemed.');
    try {
      run();
    } catch (error) {
      expect(error).toMatchObject({ code: 'CONFLICT', status: 409 });
    }
  });

  it('treats success without data, and bodies that are not envelopes, as malformed', () => {
    for (const body of [{ success: true }, { success: false }, 'Bad Gateway', null, undefined, []]) {
      expect(() => unwrapEnvelope(body, 502)).toThrow(
        expect.objectContaining({ code: 'MALFORMED_RESPONSE' }),
      );
    }
  });

  it('gives a person the one problem with their input in its own words, and keeps anything else whole', () => {
    const refusal = (issues: { path: string[]; message: string }[], part = 'body') =>
      fail('BAD_REQUEST', invalidInputMessage(part, describeIssues(issues)));
    const messageOf = (body: unknown) => {
      try {
        unwrapEnvelope(body, 400);
      } catch (error) {
        return (error as ApiError).message;
      }
      throw new Error('expected a refusal');
    };
    const site = {
      path: ['siteOrigin'],
      message: 'Enter a site like youtube.com or https://www.youtube.com',
    };
    expect(refusal([site]).error).toBe(
      'Invalid body: siteOrigin: Enter a site like youtube.com or https://www.youtube.com.',
    );
    expect(messageOf(refusal([site]))).toBe('Enter a site like youtube.com or https://www.youtube.com.');
    expect(
      messageOf(refusal([{ path: ['redemptionCode'], message: 'Enter the 8-character code.' }], 'query')),
    ).toBe('Enter the 8-character code.');
    // Several problems, and refusals of other kinds, read as the server wrote them.
    const two = refusal([site, { path: ['budget'], message: 'Too small' }]);
    expect(messageOf(two)).toBe(two.error);
    expect(messageOf(fail('BAD_REQUEST', 'The request body is not valid JSON.'))).toBe(
      'The request body is not valid JSON.',
    );
    expect(messageOf(fail('CONFLICT', 'Invalid body: x: y.'))).toBe('Invalid body: x: y.');
  });
});
