import { describe, expect, it } from 'vitest';
import { ApiError, fail, ok, unwrapEnvelope } from './envelope';

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
});
